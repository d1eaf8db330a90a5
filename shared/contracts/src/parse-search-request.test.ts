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
    expect(parseSearchRequest({ q: 'tides' })).toEqual({
      q: 'tides',
      k: 10,
      max_candidates: 50,
      mode: 'snip',
      rank: 'on',
      nocache: false,
      max_chars: 8000,
      strict_dates: false,
    });
  });

  it('coerces query-string values', () => {
    expect(
      parseSearchRequest({ q: 'x', k: '3', max_candidates: '100', mode: 'deep', rank: 'off', nocache: 'true' }),
    ).toMatchObject({ k: 3, max_candidates: 100, mode: 'deep', rank: 'off', nocache: true });
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

  describe('filters', () => {
    it('parses GET comma-lists and POST arrays of domains the same way', () => {
      const fromGet = parseSearchRequest({
        q: 'x',
        include_domains: 'Docs.Python.org, nature.com.',
        exclude_domains: 'pinterest.com',
      });
      const fromPost = parseSearchRequest({
        q: 'x',
        include_domains: ['docs.python.org', 'nature.com'],
        exclude_domains: ['pinterest.com'],
      });
      expect(fromGet).toMatchObject({
        include_domains: ['docs.python.org', 'nature.com'],
        exclude_domains: ['pinterest.com'],
      });
      expect(fromPost).toEqual(fromGet);
    });

    it('reads dates, time range, country, language and safesearch, normalising case', () => {
      expect(
        parseSearchRequest({
          q: 'x',
          start_date: '2026-01-01',
          end_date: '2026-06-30',
          strict_dates: 'true',
          country: 'de',
          language: 'DE',
          safesearch: 'strict',
        }),
      ).toMatchObject({
        start_date: '2026-01-01',
        end_date: '2026-06-30',
        strict_dates: true,
        country: 'DE',
        language: 'de',
        safesearch: 'strict',
      });
      expect(parseSearchRequest({ q: 'x', time_range: 'week' }).time_range).toBe('week');
    });

    it.each([
      [{ q: 'x', include_domains: 'https://nature.com/articles' }, 'include_domains', 'bare domain names'],
      [{ q: 'x', exclude_domains: ['nature'] }, 'exclude_domains', 'bare domain names'],
      [{ q: 'x', include_domains: Array.from({ length: 51 }, (_, i) => `d${i}.org`) }, 'include_domains', 'at most 50'],
      [{ q: 'x', start_date: '2026-02-30' }, 'start_date', 'YYYY-MM-DD'],
      [{ q: 'x', end_date: 'yesterday' }, 'end_date', 'YYYY-MM-DD'],
      [{ q: 'x', start_date: '2026-03-01', end_date: '2026-02-01' }, 'end_date', 'before start_date'],
      [{ q: 'x', country: 'XX' }, 'country', 'ISO 3166-1'],
      [{ q: 'x', country: 'Germany' }, 'country', 'ISO 3166-1'],
      [{ q: 'x', language: 'eng' }, 'language', 'ISO 639-1'],
    ])('%j → 422 naming %s', (input, field, remedy) => {
      const problem = problemOf(input);
      expect(problem.code).toBe('VALIDATION_ERROR');
      expect(problem.errors?.map((e) => e.field)).toContain(field);
      expect(problem.message).toContain(`\`${field}\``);
      expect(problem.message).toContain(remedy);
    });

    it.each([
      [{ q: 'x', time_range: 'fortnight' }, 'time_range', '"week"'],
      [{ q: 'x', safesearch: 'on' }, 'safesearch', '"moderate"'],
      [{ q: 'x', time_range: 'week', start_date: '2026-01-01' }, 'time_range', 'one or the other'],
    ])('%j → 400 naming %s', (input, field, remedy) => {
      const problem = problemOf(input);
      expect(problem.code).toBe('BAD_REQUEST');
      expect(problem.message).toContain(`\`${field}\``);
      expect(problem.message).toContain(remedy);
    });

    it('names the filters among the allowed options when a field is misspelt', () => {
      expect(problemOf({ q: 'x', include_domain: 'a.org' }).message).toMatch(/allowed: .*include_domains.*safesearch/);
    });
  });
});
