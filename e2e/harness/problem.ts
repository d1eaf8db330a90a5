import { expect } from 'vitest';
import { ProblemSchema } from '@rankgate/contracts';

import type { HttpResult } from './http.ts';

// The contracts export the schema only; its parse result is the problem type.
export type Problem = ReturnType<typeof ProblemSchema.parse>;

/** `UNSUPPORTED_VERSION` → `unsupported-version`, the slug of the problem's type URL. */
const problemSlug = (code: string): string => code.toLowerCase().replaceAll('_', '-');

/**
 * Asserts an RFC 9457 problem as every REST error must be: the status, problem+json, every member,
 * the `status` member equal to the HTTP status, `type` ending in /errors/<slug>, and the nested copy.
 */
export function expectProblem(response: HttpResult, status: number, code: string): Problem {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
  const problem = ProblemSchema.parse(response.json);
  expect(problem).toMatchObject({
    status,
    code,
    message: problem.detail,
    error: { code, message: problem.detail, hint: problem.hint },
  });
  expect(problem.type).toMatch(new RegExp(`/errors/${problemSlug(code)}$`));
  return problem;
}
