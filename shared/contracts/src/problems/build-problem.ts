import type { ProblemCode } from './catalogue.ts';
import { PROBLEMS } from './catalogue.ts';
import type { ProblemBody } from './problem-schema.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** One invalid field, as listed in a 400/422 problem's `errors` extension. */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** A problem body (ProblemSchema) as this build produces it: its codes are the catalogue's. */
export type ProblemDocument = Omit<ProblemBody, 'code' | 'error'> & {
  code: ProblemCode;
  error: { code: ProblemCode; message: string; hint: string };
};

export interface ProblemInput {
  /** Public origin, e.g. `https://search.example.com`; `type` becomes `{baseUrl}/errors/<slug>`. */
  baseUrl: string;
  /** The request path the problem is about. */
  instance: string;
  detail?: string;
  hint?: string;
  requestId?: string;
  errors?: FieldError[];
}

/** The one way to build a problem body. */
export function buildProblem(code: ProblemCode, input: ProblemInput): ProblemDocument {
  const definition = PROBLEMS[code];
  const detail = input.detail ?? definition.description;
  const hint = input.hint ?? definition.hint;
  const problem: ProblemDocument = {
    type: `${input.baseUrl.replace(/\/+$/, '')}/errors/${definition.slug}`,
    title: definition.title,
    status: definition.status,
    detail,
    instance: input.instance,
    code,
    message: detail,
    hint,
    error: { code, message: detail, hint },
  };
  if (input.requestId) problem.request_id = input.requestId;
  if (input.errors?.length) problem.errors = input.errors;
  return problem;
}
