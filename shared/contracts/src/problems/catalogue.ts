/**
 * The problem catalogue: every error code the service can put on the wire, with its HTTP status,
 * the slug of its `type` URI (`{base_url}/errors/<slug>`), a title and a remedy.
 * Nobody hand-writes a problem body; `buildProblem` reads this table.
 */
export interface ProblemDefinition {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  /** Default remedy shown as `hint`; a call site may give a sharper one. */
  readonly hint: string;
  /** What the error means, for the human page at `/errors/<slug>`. */
  readonly description: string;
}

export const PROBLEMS = {
  BAD_REQUEST: {
    status: 400,
    slug: 'bad-request',
    title: 'Bad Request',
    hint: 'Fix the named parameter (see the allowed values in the detail) and send the request again.',
    description:
      'An option has a value the service does not accept (for example `mode` other than `snip` or `deep`), or the JSON body is malformed.',
  },
  UNAUTHORIZED: {
    status: 401,
    slug: 'unauthorized',
    title: 'Unauthorized',
    hint: 'Send `Authorization: Bearer <token>` with an OAuth access token or the operator API key; see /auth.md to obtain a token.',
    description:
      'The credential is missing or invalid. The response carries `WWW-Authenticate` with the protected-resource metadata URL.',
  },
  FORBIDDEN: {
    status: 403,
    slug: 'forbidden',
    title: 'Forbidden',
    hint: 'Obtain a token that carries the required scope (search:read for search, mcp:invoke for MCP); see /auth.md.',
    description: 'The credential is valid but lacks the scope this operation needs (insufficient scope).',
  },
  NOT_FOUND: {
    status: 404,
    slug: 'not-found',
    title: 'Not Found',
    hint: 'Check the path; GET /v1 lists every endpoint.',
    description: 'No resource exists at this path.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    slug: 'method-not-allowed',
    title: 'Method Not Allowed',
    hint: 'Use one of the methods listed in the Allow header.',
    description:
      'The path exists but does not support this HTTP method. The `Allow` header lists the methods it does support.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    slug: 'payload-too-large',
    title: 'Payload Too Large',
    hint: 'Send a smaller body; a search request body needs only a few hundred bytes.',
    description: 'The request body exceeds the size limit of this endpoint.',
  },
  URI_TOO_LONG: {
    status: 414,
    slug: 'uri-too-long',
    title: 'URI Too Long',
    hint: 'Shorten the path; send long search input as a POST /v1/search JSON body.',
    description: 'A path segment is longer than the server accepts.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    slug: 'headers-too-large',
    title: 'Request Header Fields Too Large',
    hint: 'Shorten the URL or the headers (together at most 16 KB); send long search input as a POST /v1/search JSON body.',
    description: 'The request line and headers are larger than the server accepts, so the request was not read.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    slug: 'unsupported-media-type',
    title: 'Unsupported Media Type',
    hint: 'Send the body as JSON with `Content-Type: application/json`.',
    description: 'The request body has a media type this endpoint does not read.',
  },
  VALIDATION_ERROR: {
    status: 422,
    slug: 'validation-error',
    title: 'Validation Error',
    hint: 'Keep `q` to 1-500 characters, `k` to 1-25 and `max_candidates` to 1-100.',
    description:
      'A field is missing or outside its allowed range. The detail names the field; `errors` lists every invalid field.',
  },
  RATE_LIMITED: {
    status: 429,
    slug: 'rate-limited',
    title: 'Too Many Requests',
    hint: 'Wait for the number of seconds in Retry-After, then retry; the RateLimit headers show the remaining allowance.',
    description:
      'The per-IP burst window is exhausted. `Retry-After` and the RateLimit headers say when capacity returns.',
  },
  DEMO_EXHAUSTED: {
    status: 429,
    slug: 'demo-exhausted',
    title: 'Demo Allowance Used',
    hint: 'The public demo allowance for this address is used up for good; register an agent identity (see /auth.md) or self-host Rankgate.',
    description: 'The lifetime per-IP demo allowance is used. It does not reset, so there is no Retry-After.',
  },
  UNSUPPORTED_VERSION: {
    status: 404,
    slug: 'unsupported-version',
    title: 'Unsupported API Version',
    hint: 'Use the current version, /v1; the versioning policy is at /docs/versioning.md.',
    description:
      'The path names an API version that is not published (or has passed its Sunset date). The current version is /v1.',
  },
  INTERNAL_ERROR: {
    status: 500,
    slug: 'internal-error',
    title: 'Internal Server Error',
    hint: 'Retry later; if it persists, report the request id (X-Request-Id) to the operator.',
    description:
      'The service failed unexpectedly. No internal detail is exposed; the request id identifies the failure in the logs.',
  },
  UPSTREAM_ERROR: {
    status: 502,
    slug: 'upstream-error',
    title: 'Bad Gateway',
    hint: 'Retry with exponential backoff.',
    description: 'The discover provider (or an internal service) answered with an error.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    slug: 'service-unavailable',
    title: 'Service Unavailable',
    hint: 'Retry with exponential backoff.',
    description:
      'A required part is not available: a service is down, the upstream credential is not configured, or the rate-limiter store failed while enabled (the limiter fails closed).',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    slug: 'upstream-timeout',
    title: 'Gateway Timeout',
    hint: 'Retry with backoff, or with a smaller max_candidates.',
    description: 'An upstream (the discover provider or an internal service) did not answer in time.',
  },
} as const satisfies Record<string, ProblemDefinition>;

export type ProblemCode = keyof typeof PROBLEMS;

export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

const codeBySlug = new Map<string, ProblemCode>(PROBLEM_CODES.map((code) => [PROBLEMS[code].slug, code]));

export function problemCodeForSlug(slug: string): ProblemCode | undefined {
  return codeBySlug.get(slug);
}

/** The catalogue code for a bare HTTP status (framework errors, proxy failures). */
export function problemCodeForStatus(status: number): ProblemCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 422:
      return 'VALIDATION_ERROR';
    case 429:
      return 'RATE_LIMITED';
    case 502:
      return 'UPSTREAM_ERROR';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    case 504:
      return 'UPSTREAM_TIMEOUT';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}
