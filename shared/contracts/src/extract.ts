import { z } from 'zod';

import { contractRegistry } from './registry.ts';
import { InjectionEvidenceSchema } from './injection-evidence.ts';

/**
 * `POST /v1/extract` and the MCP tool `read_pages`: pages the agent already has the URLs of, read by
 * the same safe fetcher, queue and ranking-worker as deep mode and screened the same way.
 */
export const EXTRACT_LIMITS = { urls: { min: 1, max: 20 } } as const;

/** `max_chars` of deep-mode `content` and of extracted pages. */
export const MAX_CHARS = { min: 100, max: 100_000, default: 8_000 } as const;

/** Integers arrive as strings in a query string; a JSON body may send numbers. */
export const maxCharsParam = (description: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: `must be an integer from ${MAX_CHARS.min} to ${MAX_CHARS.max}` })
        .int({ error: `must be an integer from ${MAX_CHARS.min} to ${MAX_CHARS.max}` })
        .min(MAX_CHARS.min, { error: `must be an integer from ${MAX_CHARS.min} to ${MAX_CHARS.max}` })
        .max(MAX_CHARS.max, { error: `must be an integer from ${MAX_CHARS.min} to ${MAX_CHARS.max}` }),
    )
    .default(MAX_CHARS.default)
    .describe(description);

const pageUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(2_048, { error: 'must be at most 2048 characters' });

export const ExtractRequestSchema = z.strictObject(
  {
    urls: z
      .array(pageUrl, { error: 'is required: a list of 1-20 http(s) URLs' })
      .min(EXTRACT_LIMITS.urls.min, { error: 'must list 1-20 URLs' })
      .max(EXTRACT_LIMITS.urls.max, { error: 'must list 1-20 URLs' })
      .describe('The pages to read, 1-20 absolute http(s) URLs.'),
    max_chars: maxCharsParam('Longest `content` per page (100-100,000, default 8,000); longer text is cut.'),
    query: z
      .string()
      .trim()
      .min(1)
      .max(500, { error: 'must be 1-500 characters' })
      .optional()
      .describe(
        'Optional: what you are looking for; a page cut at max_chars then keeps its most relevant passages first.',
      ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : undefined) },
);
contractRegistry.add(ExtractRequestSchema, { id: 'ExtractRequest', description: 'Pages to read and screen.' });

export const EXTRACT_STATUSES = [
  'ok',
  'refused',
  'timeout',
  'too_large',
  'unsupported_type',
  'empty',
  'http_error',
  'failed',
] as const;
export type ExtractStatus = (typeof EXTRACT_STATUSES)[number];

export const ExtractedPageSchema = z.object({
  url: z.string().describe('The URL as asked.'),
  status: z
    .enum(EXTRACT_STATUSES)
    .describe(
      '`ok`; `refused` (the safe fetcher would not fetch it; see `reason`); `timeout`; `too_large`; `unsupported_type` (not HTML or text); ' +
        '`empty` (no readable text: a page that needs JavaScript, a challenge page); `http_error` (4xx); `failed` (5xx or network, after retries).',
    ),
  reason: z.string().optional().describe('Why the page was not read, in a few words.'),
  final_url: z.string().nullable().describe('The URL after redirects, when fetched.'),
  title: z.string().nullable(),
  published_at: z.string().nullable().describe("ISO 8601, from the page's own metadata when it has any."),
  content: z
    .string()
    .nullable()
    .describe(
      'Readable main text (hidden text removed), cut at max_chars; null unless ok, or withheld as an injection.',
    ),
  text_chars: z.number().int().min(0).describe('Length of the whole readable text before the cut.'),
  truncated: z
    .boolean()
    .describe('true when `content` was cut at max_chars (most relevant passages first with a `query`).'),
  withheld: z
    .boolean()
    .optional()
    .describe("true when the page's text was withheld because it carries a prompt injection (high risk)."),
  signals: z.object({ prompt_injection: z.number().min(0).max(1).nullable() }),
  injection_risk: z.enum(['low', 'medium', 'high']),
  injection_reasons: z.array(z.string()),
  injection_evidence: z
    .array(InjectionEvidenceSchema)
    .optional()
    .describe(
      'Where the injection evidence lies in `content` (field `content`, at most 5 spans, strongest first); absent when none was found or the text is withheld.',
    ),
  hidden_text: z
    .array(z.string())
    .optional()
    .describe('Kinds of hidden text found (comment, display_none, zero_width …); removed from content, screened.'),
  fetch_ms: z.number().min(0).optional(),
});
contractRegistry.add(ExtractedPageSchema, {
  id: 'ExtractedPage',
  description: 'One page read, screened and cut, or why not.',
});

export const ExtractResponseSchema = z.object({
  results: z.array(ExtractedPageSchema).describe('One per URL asked, in order. A failed URL never fails the call.'),
  meta: z.object({
    service_version: z.string(),
    request_id: z.string(),
    max_chars: z.number().int(),
    counts: z.object({ asked: z.number().int().min(0), ok: z.number().int().min(0), failed: z.number().int().min(0) }),
    timings_ms: z.object({ total: z.number().min(0) }),
  }),
});
contractRegistry.add(ExtractResponseSchema, {
  id: 'ExtractResponse',
  description: 'Pages read and screened. Additive fields may appear.',
});

export type ExtractRequest = z.output<typeof ExtractRequestSchema>;
export type ExtractedPage = z.infer<typeof ExtractedPageSchema>;
export type ExtractResponse = z.infer<typeof ExtractResponseSchema>;
