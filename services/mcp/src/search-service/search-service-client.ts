import type { SearchRequest } from '@rankgate/contracts';
import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import { currentTraceparent, INTERNAL_TOKEN_HEADER, TRACEPARENT_HEADER } from '@rankgate/platform/http';

import type { CallerCredentials } from '../gateway/caller.ts';
import type { GatewayResult } from '../gateway/gateway-client.ts';
import { failureFromCode, readFailure } from '../gateway/gateway-client.ts';

export interface SearchServiceClientOptions {
  /** The search service's internal address. */
  baseUrl: string;
  internalToken: string;
  timeoutMs: number;
}

/**
 * The search service's internal API, called directly: the gateway already authenticated the MCP
 * caller and the tool has charged the limits, so a search crosses one hop, like a REST search. It
 * sends what the gateway sends on a proxied call (internal token, client address, the caller it
 * resolved, request id, trace) and reads answers and problems with the shared contracts.
 */
export class SearchServiceClient {
  private readonly options: SearchServiceClientOptions;

  constructor(options: SearchServiceClientOptions) {
    this.options = options;
  }

  /** `POST /v1/search` with a validated request body. */
  search(request: SearchRequest, caller: CallerCredentials, signal: AbortSignal): Promise<GatewayResult> {
    return this.call('POST', '/v1/search', caller, signal, request);
  }

  /** Any JSON endpoint of the search service (`GET` without a body, `POST` with one). */
  async call(method: 'GET' | 'POST', path: string, caller: CallerCredentials, signal: AbortSignal, body?: object): Promise<GatewayResult> {
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

    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method, headers, signal: AbortSignal.any([signal, timeout]), redirect: 'manual',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      text = await response.text();
    } catch (error) {
      // The caller leaving is not a search failure: let the cancellation propagate.
      if (signal.aborted) throw error;
      if (timeout.aborted) {
        return { ok: false, failure: failureFromCode(504, 'UPSTREAM_TIMEOUT', `The search service did not answer within ${this.options.timeoutMs} ms.`) };
      }
      return { ok: false, failure: failureFromCode(503, 'SERVICE_UNAVAILABLE', 'The search service could not be reached.') };
    }
    if (!response.ok) return { ok: false, failure: readFailure(response.status, response.headers, text) };
    try {
      return { ok: true, body: JSON.parse(text) as unknown, headers: response.headers };
    } catch {
      return { ok: false, failure: failureFromCode(502, 'UPSTREAM_ERROR', 'The search service answered with a body that is not JSON.') };
    }
  }
}
