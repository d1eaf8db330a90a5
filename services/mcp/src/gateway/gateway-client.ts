import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import type { FieldError, ProblemCode } from '@rankgate/contracts/problems';
import { PROBLEM_CODES, ProblemSchema, PROBLEMS, problemCodeForStatus } from '@rankgate/contracts/problems';
import { currentTraceparent, INTERNAL_TOKEN_HEADER, TRACEPARENT_HEADER } from '@rankgate/platform/http';

import type { CallerCredentials } from './caller.ts';

/** Why a gateway call did not produce a body: the gateway's problem, or the hop itself. */
export interface GatewayFailure {
  status: number;
  /** A catalogue code, or the code the gateway sent when it is newer than this build's catalogue. */
  code: string;
  detail: string;
  hint: string;
  /** Seconds from `Retry-After`, when the gateway sent one. */
  retryAfterS?: number;
  errors?: FieldError[];
}

/** An answer: its parsed body and headers, or why there is none. */
export type GatewayResult = { ok: true; body: unknown; headers: Headers } | { ok: false; failure: GatewayFailure };

export interface GatewayClientOptions {
  /** The gateway's internal address. */
  baseUrl: string;
  internalToken: string;
  timeoutMs: number;
}

const isCatalogued = (code: string): code is ProblemCode => (PROBLEM_CODES as string[]).includes(code);

export const failureFromCode = (status: number, code: ProblemCode, detail?: string): GatewayFailure => ({
  status,
  code,
  detail: detail ?? PROBLEMS[code].description,
  hint: PROBLEMS[code].hint,
});

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * A problem+json body (the shared problem schema) becomes a failure with its code and hint; anything else is
 * classified by status.
 */
export function readFailure(status: number, headers: Headers, text: string): GatewayFailure {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const fallback = failureFromCode(status, problemCodeForStatus(status));
  const problem = ProblemSchema.partial().safeParse(body);
  const fields = problem.success ? problem.data : {};
  const code = fields.code ?? fallback.code;
  const retryAfterS = retryAfterSeconds(headers);
  return {
    status,
    code,
    detail: fields.detail ?? fallback.detail,
    hint: fields.hint ?? (isCatalogued(code) ? PROBLEMS[code].hint : fallback.hint),
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
    ...(fields.errors ? { errors: fields.errors } : {}),
  };
}

/**
 * The mcp service is a client of the gateway, like any agent: tools call the public REST contract
 * with the caller's own credential, so authentication, scopes, limits and the demo quota are
 * decided once, by the gateway. The internal token lets the gateway believe the forwarded client IP.
 */
export class GatewayClient {
  private readonly options: GatewayClientOptions;
  constructor(options: GatewayClientOptions) {
    this.options = options;
  }

  /** `POST /v1/search` with a validated request body. */
  search(request: object, caller: CallerCredentials, signal: AbortSignal): Promise<GatewayResult> {
    return this.call('/v1/search', caller, signal, { method: 'POST', body: JSON.stringify(request) });
  }

  /** `GET /v1/sandbox`: public, never counted. */
  sandbox(caller: CallerCredentials, signal: AbortSignal): Promise<GatewayResult> {
    return this.call('/v1/sandbox', caller, signal, { method: 'GET' });
  }

  /** `GET /health`: liveness, plus the `RateLimit-Policy` header when the limiter is on. */
  health(caller: CallerCredentials, signal: AbortSignal): Promise<GatewayResult> {
    return this.call('/health', caller, signal, { method: 'GET' });
  }

  private async call(
    path: string,
    caller: CallerCredentials,
    signal: AbortSignal,
    init: { method: string; body?: string },
  ): Promise<GatewayResult> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [INTERNAL_TOKEN_HEADER]: this.options.internalToken,
      'x-request-id': caller.requestId,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (caller.authorization !== undefined) headers.authorization = caller.authorization;
    if (caller.apiKey !== undefined) headers['x-api-key'] = caller.apiKey;
    if (caller.clientIp !== undefined) headers[INTERNAL_HEADERS.clientIp] = caller.clientIp;
    // The MCP request's trace continues through the gateway into the search.
    const traceparent = currentTraceparent();
    if (traceparent !== undefined) headers[TRACEPARENT_HEADER] = traceparent;

    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.any([signal, timeout]),
        redirect: 'manual',
      });
      text = await response.text();
    } catch (error) {
      // The caller leaving is not a gateway failure: let the cancellation propagate.
      if (signal.aborted) throw error;
      if (timeout.aborted) {
        return {
          ok: false,
          failure: failureFromCode(
            504,
            'UPSTREAM_TIMEOUT',
            `The search gateway did not answer within ${this.options.timeoutMs} ms.`,
          ),
        };
      }
      return {
        ok: false,
        failure: failureFromCode(503, 'SERVICE_UNAVAILABLE', 'The search gateway could not be reached.'),
      };
    }
    if (!response.ok) return { ok: false, failure: readFailure(response.status, response.headers, text) };
    try {
      return { ok: true, body: JSON.parse(text) as unknown, headers: response.headers };
    } catch {
      return {
        ok: false,
        failure: failureFromCode(502, 'UPSTREAM_ERROR', 'The search gateway answered with a body that is not JSON.'),
      };
    }
  }
}
