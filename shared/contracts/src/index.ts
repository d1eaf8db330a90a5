export { contractRegistry } from './registry.ts';
export type { SearchRequest, SearchRequestInput } from './search-request.ts';
export {
  RANK_SWITCH,
  SEARCH_FIELDS,
  SEARCH_LIMITS,
  SEARCH_MODES,
  SearchRequestSchema,
  VALIDATION_FIELDS,
} from './search-request.ts';
export type { Safesearch, SearchFilters, TimeRange } from './search-filters.ts';
export {
  dateWindow,
  FILTER_LIMITS,
  hostMatches,
  pickFilters,
  SAFESEARCH_LEVELS,
  searchFilterFields,
  TIME_RANGE_DAYS,
  TIME_RANGES,
} from './search-filters.ts';
export { parseSearchRequest } from './parse-search-request.ts';
export type { Gates, ResultRow, RowPage, SearchMeta, SearchResponse, SignalName, Signals } from './search-response.ts';
export {
  CALLER_GUIDANCE,
  GatesSchema,
  PROMPT_INJECTION_THRESHOLD,
  ResultRowSchema,
  RowPageSchema,
  SearchMetaSchema,
  SearchResponseSchema,
  SIGNAL_NAMES,
  SignalsSchema,
} from './search-response.ts';
export { INJECTION_RISK_MEDIUM_FROM } from './search-response.ts';
export type { InjectionEvidence } from './injection-evidence.ts';
export { EVIDENCE_FIELDS, InjectionEvidenceSchema, MAX_EVIDENCE_SPANS } from './injection-evidence.ts';
export type { AppliedFilters, DropReason, ProviderReport, ProviderStatus } from './search-response.ts';
export { AppliedFiltersSchema, DROP_REASONS, PROVIDER_STATUSES, ProviderReportSchema } from './search-response.ts';
export type { DiscoveryDocument, HealthResponse } from './service-documents.ts';
export { DiscoveryDocumentSchema, HealthResponseSchema, ProblemSchema } from './service-documents.ts';
export type { Scope } from './scopes.ts';
export { PRE_CLAIM_SCOPES, SCOPE_SUMMARIES, SCOPES } from './scopes.ts';
export type { PageFailed, PageJob, PageRead, PageResult } from './page-job.ts';
export { PAGE_EXCERPT_MAX_CHARS, PAGE_QUEUE_NAME, PageJobSchema, pageQueue, PageResultSchema } from './page-job.ts';
export type { PageFailure, PageStatus } from './page-status.ts';
export { PAGE_FAILURES, PAGE_STATUSES } from './page-status.ts';
export type { ForwardedCaller } from './internal-headers.ts';
export { ForwardedCallerSchema, INTERNAL_HEADERS, parseForwardedCaller } from './internal-headers.ts';
export type { ExtractedPage, ExtractRequest, ExtractResponse, ExtractStatus } from './extract.ts';
export {
  EXTRACT_LIMITS,
  EXTRACT_STATUSES,
  ExtractedPageSchema,
  ExtractRequestSchema,
  ExtractResponseSchema,
  MAX_CHARS,
  maxCharsParam,
} from './extract.ts';
export type { TokenStatusRequest, TokenStatusResponse } from './token-status.ts';
export { TOKEN_STATUS_PATH, TokenStatusRequestSchema, TokenStatusResponseSchema } from './token-status.ts';
