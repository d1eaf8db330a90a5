export type { SafeFetcher, SafeFetchOptions, SafeFetchResult } from './safe-fetcher.ts';
export { createSafeFetcher } from './safe-fetcher.ts';
export type { FetchPolicy } from './fetch-policy.ts';
export { DEFAULT_ALLOWED_PORTS, validateFetchPolicy } from './fetch-policy.ts';
export type { FetchRefusalReason } from './fetch-errors.ts';
export { FETCH_REFUSAL_REASONS, FetchFailedError, FetchRefusedError } from './fetch-errors.ts';
export { decodeText, detectCharset, isTextual, parseContentType } from './charset.ts';
export { isPublicAddress, unwrapMappedIPv4 } from './ip-ranges.ts';
export { fetchEnv, fetchPolicyFromEnv, refineFetchEnv } from './fetch-env.ts';
