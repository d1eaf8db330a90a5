import { describe, expect, it } from 'vitest';

import { buildProblem } from './build-problem.ts';
import { PROBLEM_CODES } from './catalogue.ts';
import { ProblemSchema } from './problem-schema.ts';

describe('ProblemSchema, the one schema of a problem body', () => {
  it.each(PROBLEM_CODES)('buildProblem(%s) is a body the schema accepts, extensions included', (code) => {
    const body = buildProblem(code, {
      baseUrl: 'https://rankgate.test/',
      instance: '/v1/search',
      requestId: 'req-1',
      errors: [{ field: 'q', message: 'Required' }],
    });
    expect(ProblemSchema.parse(body)).toEqual(body);
  });

  it('refuses a body that is not a problem (an HTML error page, a partial object)', () => {
    expect(ProblemSchema.safeParse({ status: 502 }).success).toBe(false);
    expect(ProblemSchema.safeParse('<html>Bad Gateway</html>').success).toBe(false);
  });
});
