import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ProblemError } from './problems/index.ts';
import { parseSearchRequest } from './parse-search-request.ts';
import { SEARCH_LIMITS } from './search-request.ts';

// Whatever a caller sends, the parser either returns a request inside the contract's limits or
// refuses with a 400/422 problem that names a field: never another kind of error.
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const request = fc.oneof(
  fc.record(
    { q: anyValue, k: anyValue, max_candidates: anyValue, mode: anyValue, rank: anyValue, nocache: anyValue },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 5 }),
  anyValue,
);

describe('parseSearchRequest, for any input', () => {
  it('returns a request within the limits or throws a field-naming 400/422 problem', () => {
    fc.assert(
      fc.property(request, (input) => {
        try {
          const parsed = parseSearchRequest(input);
          expect(parsed.q.trim().length).toBeGreaterThan(0);
          expect(parsed.k).toBeGreaterThanOrEqual(SEARCH_LIMITS.k.min);
          expect(parsed.k).toBeLessThanOrEqual(SEARCH_LIMITS.k.max);
        } catch (error) {
          expect(error).toBeInstanceOf(ProblemError);
          const problem = error as ProblemError;
          expect([400, 422]).toContain(problem.status);
          if (typeof input === 'object' && input !== null && !Array.isArray(input))
            expect(problem.errors?.length ?? 0).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
