import type { SearchRequest } from '@rankgate/contracts';
import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import { currentTraceparent, INTERNAL_TOKEN_HEADER, TRACEPARENT_HEADER } from '@rankgate/platform/http';
import { errors, Pool } from 'undici';

import type { CallerCredentials } from '../gateway/caller.ts';
import type { GatewayResult } from '../gateway/gateway-client.ts';
import { failureFromCode, readFailure } from '../gateway/gateway-client.ts';

export interface SearchServiceClientOptions {
  /** The search service's internal address. */
  baseUrl: string;
  internalToken: string;
  timeoutMs: number;
  /** Keep-alive connections to the search service (requests beyond them queue on the pool). */
  connections?: number;
}

/** undici's own timeouts: the service sent no headers, or stopped sending its body, in time. */
const isTimeout = (error: unknown): boolean =>
  error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError;

/** undici's header record as a fetch `Headers` (what the gateway client's results carry). */
function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * The search service's internal API, called directly: the gateway already authenticated the MCP
 * caller and the tool has charged the limits, so a search crosses one hop, like a REST search. It
 * sends what the gateway sends on a proxied call (internal token, client address, the caller it
 * resolved, request id, trace) and reads answers and problems with the shared contracts.
 *
 * It speaks through an undici keep-alive pool, as the gateway's proxy does, not `fetch`: on a cached
 * search `fetch` (WHATWG Request, Response and streams around the same client) cost about three
 * times the CPU of the call itself, the largest single cost of an MCP `search_web` (docs/performance.md).
 */
export class SearchServiceClient {
  private readonly options: SearchServiceClientOptions;
  private readonly pool: Pool;

  constructor(options: SearchServiceClientOptions) {
    this.options = options;
    this.pool = new Pool(options.baseUrl, { connections: options.connections ?? 64 });
  }

  /** `POST /v1/search` with a validated request body. */
  search(request: SearchRequest, caller: CallerCredentials, signal: AbortSignal): Promise<GatewayResult> {
    return this.call('POST', '/v1/search', caller, signal, request);
  }

  /** Any JSON endpoint of the search service (`GET` without a body, `POST` with one). */
  async call(
    method: 'GET' | 'POST',
    path: string,
    caller: CallerCredentials,
    signal: AbortSignal,
    body?: object,
  ): Promise<GatewayResult> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [INTERNAL_TOKEN_HEADER]: this.options.internalToken,
      'x-request-id': caller.requestId,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (caller.clientIp !== undefined) headers[INTERNAL_HEADERS.clientIp] = caller.clientIp;
    if (caller.identity !== undefined) headers[INTERNAL_HEADERS.caller] = JSON.stringify(caller.identity);
    // The MCP request's trace continues into the search.
    const traceparent = currentTraceparent();
    if (traceparent !== undefined) headers[TRACEPARENT_HEADER] = traceparent;

    let status: number;
    let responseHeaders: Headers;
    let text: string;
    try {
      // undici's own timeouts (no response headers, or a stalled body, for timeoutMs), not AbortSignal.timeout and
      // AbortSignal.any per call: those leave a timer, weak references and finalizers behind until collected.
      const response = await this.pool.request({
        method,
        path,
        headers,
        signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      status = response.statusCode;
      responseHeaders = toHeaders(response.headers);
      text = await response.body.text();
    } catch (error) {
      // The caller leaving is not a search failure: let the cancellation propagate.
      if (signal.aborted) throw error;
      if (isTimeout(error)) {
        return {
          ok: false,
          failure: failureFromCode(
            504,
            'UPSTREAM_TIMEOUT',
            `The search service did not answer within ${this.options.timeoutMs} ms.`,
          ),
        };
      }
      return {
        ok: false,
        failure: failureFromCode(503, 'SERVICE_UNAVAILABLE', 'The search service could not be reached.'),
      };
    }
    if (status < 200 || status >= 300) return { ok: false, failure: readFailure(status, responseHeaders, text) };
    try {
      return { ok: true, body: JSON.parse(text) as unknown, headers: responseHeaders };
    } catch {
      return {
        ok: false,
        failure: failureFromCode(502, 'UPSTREAM_ERROR', 'The search service answered with a body that is not JSON.'),
      };
    }
  }

  /** Closes the pool's connections (the app's onClose). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
