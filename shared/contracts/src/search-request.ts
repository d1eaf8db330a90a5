import { z } from 'zod';

import { maxCharsParam } from './extract.ts';
import { contractRegistry } from './registry.ts';
import { booleanParam, FILTER_VALIDATION_FIELDS, searchFilterFields } from './search-filters.ts';

export const SEARCH_LIMITS = {
  queryLength: { min: 1, max: 500 },
  k: { min: 1, max: 25, default: 10 },
  maxCandidates: { min: 1, max: 100, default: 50 },
} as const;

export const SEARCH_MODES = ['snip', 'deep'] as const;
export const RANK_SWITCH = ['on', 'off'] as const;

/** Integers arrive as strings in a query string; a JSON body may send numbers. */
const integerParam = (min: number, max: number, fallback: number, description: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: `must be an integer from ${min} to ${max}` })
        .int({ error: `must be an integer from ${min} to ${max}` })
        .min(min, { error: `must be an integer from ${min} to ${max}` })
        .max(max, { error: `must be an integer from ${min} to ${max}` }),
    )
    .default(fallback)
    .describe(description);

/**
 * The search request: the GET query string and the POST JSON body share this one contract.
 * Unknown fields are rejected so a misspelt option (`max_candidate`) is not silently ignored.
 */
export const SearchRequestSchema = z
  .strictObject(
    {
      q: z
        .string({ error: 'is required: a search query of 1-500 characters' })
        .trim()
        .min(SEARCH_LIMITS.queryLength.min, { error: 'must be 1-500 characters' })
        .max(SEARCH_LIMITS.queryLength.max, { error: 'must be 1-500 characters' })
        .describe('The search query, 1-500 characters.'),
      k: integerParam(
        SEARCH_LIMITS.k.min,
        SEARCH_LIMITS.k.max,
        SEARCH_LIMITS.k.default,
        'Number of ranked results to return (1-25).',
      ),
      max_candidates: integerParam(
        SEARCH_LIMITS.maxCandidates.min,
        SEARCH_LIMITS.maxCandidates.max,
        SEARCH_LIMITS.maxCandidates.default,
        'Discover cap: how many candidates stage 1 may fetch from the provider (1-100).',
      ),
      mode: z
        .enum(SEARCH_MODES, { error: 'must be "snip" or "deep"' })
        .default('snip')
        .describe(
          '`snip` ranks on title, URL and snippet; `deep` also reads the pages of the best survivors (at most 12).',
        ),
      rank: z
        .enum(RANK_SWITCH, { error: 'must be "on" or "off"' })
        .default('on')
        .describe(
          '`off` returns discover order as it is: no judge and no gates run, so rows are neither scored nor screened for injection.',
        ),
      nocache: booleanParam('true forces a discover cache miss.'),
      max_chars: maxCharsParam(
        "Deep mode: longest page `content` per row (100-100,000, default 8,000), cut to the query's most relevant passages.",
      ),
      ...searchFilterFields,
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : undefined),
    },
  )
  .superRefine((request, ctx) => {
    if (request.start_date && request.end_date && request.start_date > request.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
    }
    if (request.time_range && (request.start_date || request.end_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['time_range'],
        message: 'cannot be combined with start_date or end_date; send one or the other',
      });
    }
  });

contractRegistry.add(SearchRequestSchema, {
  id: 'SearchRequest',
  description: 'Search request (GET query or POST JSON body).',
});

export type SearchRequestInput = z.input<typeof SearchRequestSchema>;
export type SearchRequest = z.output<typeof SearchRequestSchema>;

/**
 * Which status a bad field earns: range and presence problems of `q`, `k`, `max_candidates` and malformed
 * filter data (domains, dates, country, language) are 422 (VALIDATION_ERROR); a bad option value (`mode`,
 * `rank`, `nocache`, `time_range`, `safesearch`) or an unknown field is 400.
 */
export const VALIDATION_FIELDS: ReadonlySet<string> = new Set([
  'q',
  'k',
  'max_candidates',
  'max_chars',
  ...FILTER_VALIDATION_FIELDS,
]);

/** Every field the search request accepts, for the message that answers a misspelt one. */
export const SEARCH_FIELDS: readonly string[] = Object.keys(SearchRequestSchema.shape);
