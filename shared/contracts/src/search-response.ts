import { z } from 'zod';

import { PAGE_STATUSES } from './page-status.ts';
import { InjectionEvidenceSchema } from './injection-evidence.ts';
import { contractRegistry } from './registry.ts';
import { SAFESEARCH_LEVELS, TIME_RANGES } from './search-filters.ts';
import { RANK_SWITCH, SEARCH_MODES } from './search-request.ts';

/** Signal names, in the order the spec lists them. */
export const SIGNAL_NAMES = [
  'answerability',
  'authority',
  'on_topic',
  'states_sought_fact',
  'subject_match',
  'spam',
  'prompt_injection',
] as const;
export type SignalName = (typeof SIGNAL_NAMES)[number];

/** The prompt-injection hard gate drops a row at or above this score. */
export const PROMPT_INJECTION_THRESHOLD = 0.55;

/**
 * `injection_risk` (the UI label Injection risk): `high` at or above PROMPT_INJECTION_THRESHOLD (or
 * unscored), `medium` from this score (evidence worth a look, below the gate), else `low`.
 */
export const INJECTION_RISK_MEDIUM_FROM = 0.3;

const unitScore = z.number().min(0).max(1);
/** `null` means the judge gave no parse for this signal (see the gates for what that means). */
const signalScore = unitScore.nullable();

export const SignalsSchema = z.object(
  Object.fromEntries(SIGNAL_NAMES.map((name) => [name, signalScore])) as Record<SignalName, typeof signalScore>,
);

/** Missing parse: `subject_match` and `is_republisher` fail open (pass), `prompt_injection` fails flagged (drops). */
export const GatesSchema = z.object({
  subject_match: z.enum(['pass', 'fail', 'fail_open']),
  is_republisher: z.enum(['pass', 'fail', 'fail_open']),
  prompt_injection: z.enum(['pass', 'fail', 'fail_flagged']),
});

export const RowPageSchema = z.object({
  judged_on: z
    .enum(['page', 'snippet'])
    .describe(
      '`page` when the signals and score come from the page text; else the row keeps its snippet-level scores.',
    ),
  status: z.enum(PAGE_STATUSES).describe('What happened to the page (see docs/deep-mode.md).'),
  reason: z.string().optional().describe('Why the row was not judged on its page, in a few words.'),
  final_url: z.string().optional().describe("The page's URL after redirects, when it was fetched."),
  fetch_ms: z
    .number()
    .min(0)
    .optional()
    .describe("Time from the request's stage C start until this page's result arrived."),
  hidden_text: z
    .array(z.string())
    .optional()
    .describe(
      'Kinds of hidden text found on the page (comment, display_none, zero_width …); it was screened for injection.',
    ),
});
contractRegistry.add(RowPageSchema, {
  id: 'SearchResultPage',
  description: 'Deep mode only: whether a row was judged on its page text, and why not.',
});

/** Why `meta.dropped` lists a row: a hard gate, or the filter it failed. */
export const DROP_REASONS = ['gate', 'include_domains', 'exclude_domains', 'outside_dates', 'no_date'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export const AppliedFiltersSchema = z.object({
  include_domains: z.array(z.string()).optional(),
  exclude_domains: z.array(z.string()).optional(),
  time_range: z.enum(TIME_RANGES).optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  strict_dates: z.boolean().optional(),
  country: z.string().optional(),
  language: z.string().optional(),
  safesearch: z.enum(SAFESEARCH_LEVELS).optional(),
});

export const PROVIDER_STATUSES = ['ok', 'error', 'timeout', 'rate_limited', 'cooling_down', 'skipped'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export const ProviderReportSchema = z.object({
  name: z.string(),
  status: z
    .enum(PROVIDER_STATUSES)
    .describe('`cooling_down`: not asked, its circuit breaker is open; `skipped`: not needed (fallback strategy).'),
  results: z.number().int().min(0).describe('Candidates it contributed (0 unless ok).'),
  ms: z.number().min(0).describe('Time its call took (0 when not asked).'),
  cached: z.boolean().optional().describe('true when its answer came from the discover cache.'),
  reason: z.string().optional().describe('What went wrong, in a few words (no key, no upstream body).'),
});
contractRegistry.add(ProviderReportSchema, {
  id: 'ProviderReport',
  description: "One discover provider's part in a search.",
});

export const ResultRowSchema = z.object({
  rank: z.number().int().min(1).describe('1-based position in the returned list.'),
  title: z.string(),
  url: z.string().describe('Absolute http(s) URL of the source.'),
  snippet: z.string(),
  domain: z.string().describe('Host name of `url`, without `www.`.'),
  published_at: z.string().nullable().describe('ISO 8601 date when the provider knows it.'),
  content: z.string().optional().describe('Readable page text excerpt; deep mode only, for fetched pages.'),
  score: unitScore.nullable().describe('Final score (0-1) from the formula in docs/ranking.md; null when rank=off.'),
  signals: SignalsSchema,
  is_republisher: z
    .boolean()
    .nullable()
    .describe("Whether the source republishes others' content; null when unparsed."),
  gates: GatesSchema.nullable().describe(
    'Outcome of each hard gate, in the order applied; null when rank=off (no gates run).',
  ),
  injection_risk: z.enum(['low', 'medium', 'high']).describe('UI label: Injection risk.'),
  injection_reasons: z.array(z.string()),
  injection_evidence: z
    .array(InjectionEvidenceSchema)
    .optional()
    .describe(
      'Where the injection evidence lies (at most 5 spans, strongest first); absent or empty when none was found.',
    ),
  gates_relaxed: z
    .literal(true)
    .optional()
    .describe('Present only on rows restored because the hard gates left nothing (a relaxed-safety response).'),
  page: RowPageSchema.optional().describe('Deep mode only: what the row was judged on (page text or snippet) and why.'),
  provider_ranks: z
    .record(z.string(), z.number().int().min(1))
    .optional()
    .describe("With several discover providers: this source's rank at each provider that returned it."),
});
contractRegistry.add(ResultRowSchema, { id: 'SearchResult', description: 'One ranked, scored, screened source.' });

export const SearchMetaSchema = z.object({
  service_version: z.string().describe('Build version; equals OpenAPI info.version and health service_version.'),
  request_id: z.string(),
  query: z.string(),
  mode: z.enum(SEARCH_MODES),
  rank: z.enum(RANK_SWITCH),
  k: z.number().int(),
  max_candidates: z.number().int(),
  provider: z.string().describe('Discover provider that produced the candidates.'),
  judge: z.string().describe('Ranking judge (`local`, `openai`, `anthropic`, or `none` when rank=off).'),
  ranked: z.boolean().describe('false when rank=off: rows are in provider order, unscored and ungated.'),
  counts: z
    .object({
      discovered: z.number().int().min(0).describe('Candidates the provider returned.'),
      ranked: z.number().int().min(0).describe('Candidates scored by the cascade (stage A: all of them).'),
      judged: z.number().int().min(0).describe('Candidates the judge saw (stage B survivors).'),
      gated_out: z.number().int().min(0).describe('Candidates dropped by a hard gate.'),
      returned: z.number().int().min(0),
      pages_planned: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('Deep mode: pages stage C asked the ranking worker to read (at most 12).'),
      pages_judged: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('Deep mode: pages read and judged before the deadline.'),
    })
    .catchall(z.number().int().min(0)),
  cache: z.object({ hit: z.boolean(), age_s: z.number().min(0).nullable() }),
  timings_ms: z
    .object({
      discover: z.number().min(0),
      rank: z.number().min(0),
      screen: z
        .number()
        .min(0)
        .optional()
        .describe(
          'Part of `rank`: screening the candidates for prompt injection. Verdicts are remembered per result text, so a repeated result costs next to nothing.',
        ),
      fetch: z
        .number()
        .min(0)
        .describe('Deep mode: stage C, from sending the page jobs to the last result or the deadline.'),
      total: z.number().min(0),
    })
    .catchall(z.number().min(0)),
  usage: z
    .object({
      judge_calls: z.number().int().min(0),
      input_tokens: z.number().int().min(0),
      output_tokens: z.number().int().min(0),
      pages_fetched: z.number().int().min(0).describe('Deep mode: pages fetched (read, or fetched but unreadable).'),
    })
    .catchall(z.number().min(0)),
  dropped: z
    .array(
      z.object({
        url: z.string(),
        domain: z.string(),
        reason: z
          .enum(DROP_REASONS)
          .optional()
          .describe('Why the row was removed: `gate` (see `gate`) or the filter it failed.'),
        gate: z
          .enum(['subject_match', 'is_republisher', 'prompt_injection'])
          .optional()
          .describe('The first hard gate the candidate failed (reason `gate`).'),
        published_at: z
          .string()
          .nullable()
          .optional()
          .describe("The row's publication date, on rows a date filter removed."),
        injection_risk: z
          .enum(['low', 'medium', 'high'])
          .optional()
          .describe('On rows a gate removed (filters run before scoring).'),
      }),
    )
    .describe(
      'Candidates removed by a filter (every one) or a hard gate (at most 10), without their text: an agent should not read them.',
    ),
  applied_filters: AppliedFiltersSchema.optional().describe(
    'The filters this request applied, as parsed (absent keys were not set).',
  ),
  as_of: z.string().optional().describe('The server\'s current date (YYYY-MM-DD): what "recent" is measured from.'),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      'Options a provider could not honour, providers that failed while others answered: said, never silently dropped.',
    ),
  providers: z
    .array(ProviderReportSchema)
    .optional()
    .describe('Each discover provider asked (or not) for this request.'),
  guidance: z.string().describe('Advice to the calling agent: read the top 1-2 sources before asking for more.'),
  sandbox: z.boolean().optional().describe('true on the canned /v1/sandbox response.'),
});

export const SearchResponseSchema = z.object({
  results: z.array(ResultRowSchema),
  meta: SearchMetaSchema,
});
contractRegistry.add(SearchResponseSchema, {
  id: 'SearchResponse',
  description: 'Ranked results and meta. Additive fields may appear at any time; clients ignore unknown fields.',
});

export type Signals = z.infer<typeof SignalsSchema>;
export type RowPage = z.infer<typeof RowPageSchema>;
export type Gates = z.infer<typeof GatesSchema>;
export type ResultRow = z.infer<typeof ResultRowSchema>;
export type SearchMeta = z.infer<typeof SearchMetaSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type ProviderReport = z.infer<typeof ProviderReportSchema>;
export type AppliedFilters = z.infer<typeof AppliedFiltersSchema>;

export const CALLER_GUIDANCE =
  'Read the top 1-2 ranked sources first; ask for more only if they do not answer the question.';
