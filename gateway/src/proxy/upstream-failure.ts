import { ProblemError } from '@rankgate/contracts/problems';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'EPIPE',
]);
const TIMED_OUT = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'ETIMEDOUT',
]);

interface ErrorLike {
  code?: string;
  statusCode?: number;
  cause?: unknown;
}

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let e = error as ErrorLike | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as ErrorLike | undefined, depth += 1
  ) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}

/** A failed hop to a service, as the caller should see it: down → 503, slow → 504, else 502. */
export function upstreamFailure(service: string, error: unknown): ProblemError {
  const codes = codesOf(error);
  if (codes.some((c) => TIMED_OUT.has(c))) {
    return new ProblemError('UPSTREAM_TIMEOUT', `The ${service} service did not answer in time.`, { cause: error });
  }
  if (codes.some((c) => UNREACHABLE.has(c)) || (error as ErrorLike).statusCode === 503) {
    return new ProblemError('SERVICE_UNAVAILABLE', `The ${service} service is unavailable.`, {
      cause: error,
      headers: { 'retry-after': '1' },
    });
  }
  return new ProblemError('UPSTREAM_ERROR', `The ${service} service failed to answer.`, { cause: error });
}
