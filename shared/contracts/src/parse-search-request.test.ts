import { describe, expect, it } from 'vitest';

import { ProblemError } from './problems/index.ts';
import { parseSearchRequest } from './parse-search-request.ts';

function problemOf(input: unknown): ProblemError {
  try {
    parseSearchRequest(input);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a problem');
}

describe('parseSearchRequest', () => {
  it('applies the defaults of the contract', () => {
    expect(parseSearchRequest({ q: 'tides' })).toEqual({ q: 'tides', k: 10, max_candidates: 50, mode: 'snip', rank: 'on', nocache: false });
  });

  it('coerces query-string values', () => {
    expect(parseSearchRequest({ q: 'x', k: '3', max_candidates: '100', mode: 'deep', rank: 'off', nocache: 'true' }))
      .toMatchObject({ k: 3, max_candidates: 100, mode: 'deep', rank: 'off', nocache: true });
    expect(parseSearchRequest({ q: 'x', nocache: '0' }).nocache).toBe(false);
  });

  it('accepts JSON numbers and booleans in a body', () => {
    expect(parseSearchRequest({ q: 'x', k: 25, nocache: true })).toMatchObject({ k: 25, nocache: true });
  });

  it.each([
    [{}, 'q'],
    [{ q: '' }, 'q'],
    [{ q: '   ' }, 'q'],
    [{ q: 'a'.repeat(501) }, 'q'],
    [{ q: 'x', k: '0' }, 'k'],
    [{ q: 'x', k: '26' }, 'k'],
    [{ q: 'x', k: '2.5' }, 'k'],
    [{ q: 'x', k: 'ten' }, 'k'],
    [{ q: 'x', max_candidates: '101' }, 'max_candidates'],
    [{ q: 'x', max_candidates: 0 }, 'max_candidates'],
  ])('%j → 422 naming %s and its range', (input, field) => {
    const problem = problemOf(input);
    expect(problem.code).toBe('VALIDATION_ERROR');
    expect(problem.status).toBe(422);
    expect(problem.message).toContain(`\`${field}\``);
    expect(problem.message).toMatch(/1-500|1 to 25|1 to 100|required/);
  });

  it.each([
    [{ q: 'x', mode: 'full' }, 'mode', 'snip'],
    [{ q: 'x', rank: 'maybe' }, 'rank', 'on'],
    [{ q: 'x', nocache: 'yes' }, 'nocache', 'true or false'],
    [{ q: 'x', max_candidate: 5 }, 'max_candidate', 'not a search option'],
  ])('%j → 400 naming %s', (input, field, remedy) => {
    const problem = problemOf(input);
    expect(problem.code).toBe('BAD_REQUEST');
    expect(problem.message).toContain(`\`${field}\``);
    expect(problem.message).toContain(remedy);
  });

  it('lets 400 win over 422 and lists every invalid field', () => {
    const problem = problemOf({ q: 'x', k: 99, mode: 'full' });
    expect(problem.code).toBe('BAD_REQUEST');
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['k', 'mode']);
  });

  it('rejects a body that is not an object', () => {
    expect(problemOf(['q']).code).toBe('BAD_REQUEST');
    expect(problemOf('q=x').code).toBe('BAD_REQUEST');
  });
});
