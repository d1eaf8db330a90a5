import type { ProblemCode } from './catalogue.ts';
import { PROBLEMS } from './catalogue.ts';
import type { FieldError } from './build-problem.ts';

/**
 * A wire error: throw it from a route and the error handler renders it as problem+json.
 * Local failures (a provider adapter's timeout, a store error) are plain errors that a route maps
 * to one of these, so what reaches the caller is always a catalogue entry.
 */
export class ProblemError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly hint: string | undefined;
  readonly errors: FieldError[] | undefined;
  /** Extra response headers, e.g. `Retry-After` or `WWW-Authenticate`. */
  readonly headers: Record<string, string>;

  constructor(
    code: ProblemCode,
    detail: string,
    options: { hint?: string; errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProblemError';
    this.code = code;
    this.status = PROBLEMS[code].status;
    this.hint = options.hint;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export function isProblemError(error: unknown): error is ProblemError {
  return error instanceof ProblemError;
}
