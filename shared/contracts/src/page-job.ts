import { z } from 'zod';

import { MAX_CHARS } from './extract.ts';
import { PAGE_FAILURES } from './page-status.ts';
import { SEARCH_LIMITS } from './search-request.ts';
import { InjectionEvidenceSchema, MAX_EVIDENCE_SPANS } from './injection-evidence.ts';
import { SignalsSchema } from './search-response.ts';

/**
 * The deep-mode page job: search (stage C) asks the ranking-worker to read one candidate's page and
 * judge it on its text. The request's deadline travels with every job in the queue envelope (the
 * worker sees it as `JobContext.deadline` and its signal aborts then), so it is not repeated here.
 * Both sides validate with these schemas; optional fields are optional so that a worker and a
 * search service of neighbouring versions can run side by side during a rolling deploy.
 */
export const PAGE_QUEUE_NAME = 'deep-pages';

/** Longest page-text excerpt a result carries (the row's `content`). */
export const PAGE_EXCERPT_MAX_CHARS = 2_000;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2_048);

export const PageJobSchema = z.object({
  request_id: z.string().min(1).max(128).describe('The search request this page belongs to (logs, correlation).'),
  /** Empty for an extract job without a query (its cut then keeps the page's leading text). */
  query: z.string().max(SEARCH_LIMITS.queryLength.max),
  kind: z
    .enum(['search', 'extract'])
    .optional()
    .describe('`extract` (POST /v1/extract): read and screen only, no judge; absent means a deep-mode search page.'),
  max_chars: z
    .number()
    .int()
    .min(MAX_CHARS.min)
    .max(MAX_CHARS.max)
    .optional()
    .describe("Longest `content` to return, cut to the query's most relevant passages; absent: only the excerpt."),
  candidate: z.object({
    url: httpUrl,
    title: z.string().max(1_000),
    snippet: z.string().max(10_000),
    provider_rank: z.number().int().min(1),
  }),
});
export type PageJob = z.infer<typeof PageJobSchema>;

const timings = z
  .object({
    fetch: z.number().min(0),
    extract: z.number().min(0),
    judge: z.number().min(0),
    total: z.number().min(0),
  })
  .partial()
  .catchall(z.number().min(0));

const PageReadSchema = z.object({
  outcome: z.literal('read'),
  final_url: httpUrl.describe('After redirects.'),
  status: z.number().int(),
  content_type: z.string(),
  title: z.string().nullable(),
  published_at: z.string().nullable().describe("ISO 8601, from the page's own metadata when it has any."),
  excerpt: z.string().max(PAGE_EXCERPT_MAX_CHARS).describe('The passage of the main text that best matches the query.'),
  content: z
    .string()
    .max(MAX_CHARS.max)
    .optional()
    .describe("With the job's max_chars: the readable text cut to it, the most relevant passages first."),
  truncated: z.boolean().optional().describe('Whether `content` was cut.'),
  text_chars: z.number().int().min(0).describe('Length of the readable main text the judge read (before its own cut).'),
  signals: SignalsSchema.describe("The judge's signals on the page text; prompt_injection includes the hidden text."),
  is_republisher: z.boolean().nullable(),
  injection_reasons: z.array(z.string()),
  injection_evidence: z
    .array(InjectionEvidenceSchema)
    .max(MAX_EVIDENCE_SPANS)
    .optional()
    .describe('Spans of injection evidence in `content` as sent (field `content`), strongest first.'),
  hidden_text: z.object({
    chars: z.number().int().min(0),
    kinds: z
      .array(z.string())
      .describe(
        'Where text was hidden: comment, display_none, visibility_hidden, aria_hidden, hidden_attribute, off_screen, zero_width, tag_characters.',
      ),
  }),
  usage: z.object({
    judge_calls: z.number().int().min(0),
    input_tokens: z.number().int().min(0),
    output_tokens: z.number().int().min(0),
  }),
  timings_ms: timings,
  attempt: z.number().int().min(1).optional(),
});

const PageFailedSchema = z.object({
  outcome: z.literal('failed'),
  failure: z.enum(PAGE_FAILURES),
  reason: z
    .string()
    .max(300)
    .describe('Short machine-friendly reason: the refusal reason, `HTTP 404`, the media type …'),
  final_url: httpUrl.optional(),
  status: z.number().int().optional(),
  timings_ms: timings,
});

export const PageResultSchema = z.discriminatedUnion('outcome', [PageReadSchema, PageFailedSchema]);
export type PageRead = z.infer<typeof PageReadSchema>;
export type PageFailed = z.infer<typeof PageFailedSchema>;
export type PageResult = z.infer<typeof PageResultSchema>;

/** The page queue's definition, shared by the producer (search) and the consumer (ranking-worker). */
export const pageQueue = { name: PAGE_QUEUE_NAME, payload: PageJobSchema, result: PageResultSchema };
