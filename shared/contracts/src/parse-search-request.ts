import type { z } from 'zod';

import type { FieldError } from './problems/index.ts';
import { ProblemError } from './problems/index.ts';
import type { SearchRequest } from './search-request.ts';
import { SEARCH_FIELDS, SearchRequestSchema, VALIDATION_FIELDS } from './search-request.ts';

function fieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: key,
        message: `\`${key}\` is not a search option (allowed: ${SEARCH_FIELDS.join(', ')})`,
      }));
    }
    const field = String(issue.path[0] ?? 'body');
    const given = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[field] : undefined;
    const got = given === undefined ? '' : ` (got ${JSON.stringify(given).slice(0, 60)})`;
    return [{ field, message: `\`${field}\` ${issue.message}${got}` }];
  });
}

/**
 * Validates a search request (query object or JSON body) against the shared contract.
 * A bad option value or unknown field is 400 BAD_REQUEST; a missing or out-of-range `q`, `k` or
 * `max_candidates` is 422 VALIDATION_ERROR. When both occur, 400 wins: the request is malformed
 * before it is out of range. Every invalid field is listed in `errors`.
 */
export function parseSearchRequest(input: unknown): SearchRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProblemError('BAD_REQUEST', 'The search request must be a JSON object such as {"q":"…"}.');
  }
  const parsed = SearchRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error.issues, input);
  const badRequest = errors.filter((e) => !VALIDATION_FIELDS.has(e.field));
  const chosen = badRequest.length > 0 ? badRequest : errors;
  const detail = chosen.map((e) => e.message).join('; ');
  throw new ProblemError(badRequest.length > 0 ? 'BAD_REQUEST' : 'VALIDATION_ERROR', detail, { errors });
}
