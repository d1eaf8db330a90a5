/**
 * The one way discover adapters call an upstream: a JSON request over the global `fetch` (undici)
 * with our own time limit, a response size cap and errors from ./discover-errors.ts only.
 *
 * Error messages are built from our own words, the provider name and the HTTP status. They never
 * carry the URL (a query string may hold a key), a header value or upstream body text: the search
 * route shows them to agents as they are.
 */
import { ProviderTimeoutError, ProviderUpstreamError } from './discover-errors.ts';
import { parseRetryAfter } from '@rankgate/platform/upstream';
import { readCappedText } from '@rankgate/platform/upstream';
import { currentTraceparent } from '@rankgate/platform/tracing';

/** Largest response body read (after decompression): 5 MiB, far above any search page. */
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export interface JsonRequest {
  /** Provider name, used in error messages. */
  provider: string;
  url: string;
  /** Defaults to POST when there is a body, GET otherwise. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json` when present. */
  body?: unknown;
  /** Our time limit, reported by `ProviderTimeoutError`. */
  timeoutMs: number;
  /**
   * A deadline shared by the pages of one discover call; it must abort with our timeout only.
   * Defaults to `AbortSignal.timeout(timeoutMs)` for this request alone.
   */
  deadline?: AbortSignal;
  /** The caller's signal: its abort is rethrown as it is, never turned into a provider error. */
  signal?: AbortSignal;
  /** Body size cap in bytes (default `MAX_RESPONSE_BYTES`). */
  maxBytes?: number;
  /** Our words for a status the adapter knows better (a rejected key, a disabled format). */
  describeStatus?: (status: number) => string | undefined;
}

const NETWORK_CAUSES: Record<string, string> = {
  ENOTFOUND: 'DNS lookup failed',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed',
};

/**
 * Why fetch failed, in a few words and the system's code (never the URL, which may carry a key):
 * fetch itself only says "fetch failed"; the cause chain has the code.
 */
export function networkCause(error: unknown): string {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return `${NETWORK_CAUSES[code] ?? 'network error'}, ${code}`;
    if (current.message.includes('certificate')) return 'TLS certificate not accepted';
  }
  return 'network error';
}

/**
 * Sends the request and returns the parsed JSON body, unvalidated (the adapter checks its shape).
 *
 * @throws the caller's abort reason when `signal` aborts; `ProviderTimeoutError` when our deadline
 * passes; `ProviderUpstreamError` when the upstream cannot be reached, answers non-2xx (with
 * `status`, and `retryAfterSeconds` on 429/503), sends more than `maxBytes` or sends non-JSON.
 */
export async function requestJson(request: JsonRequest): Promise<unknown> {
  const { provider, timeoutMs } = request;
  const deadline = request.deadline ?? AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;

  // Which signal fired decides the error; anything else is the network's fault.
  const classify = (stage: 'could not be reached' | 'broke off its response', error?: unknown): unknown => {
    if (request.signal?.aborted)
      return request.signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
    if (deadline.aborted) return new ProviderTimeoutError(provider, timeoutMs);
    if (stage === 'could not be reached')
      return new ProviderUpstreamError(provider, `${stage} (${networkCause(error)})`, { unreachable: true });
    return new ProviderUpstreamError(provider, stage);
  };

  const headers = new Headers(request.headers);
  // The request's trace continues at the provider (W3C Trace Context: random ids, nothing else).
  const traceparent = currentTraceparent();
  if (traceparent) headers.set('traceparent', traceparent);
  let body: string | undefined;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers.set('content-type', 'application/json');
  }

  let response: Response;
  try {
    // Redirects are not followed: a cross-origin hop would carry our key header along.
    response = await fetch(request.url, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal,
      redirect: 'manual',
    });
  } catch (error) {
    throw classify('could not be reached', error);
  }

  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const { status } = response;
    const reason =
      request.describeStatus?.(status) ??
      (status >= 300 && status < 400
        ? `answered HTTP ${status} (a redirect); set its base URL to the final address`
        : `answered HTTP ${status}`);
    const retryAfterSeconds =
      status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
    throw new ProviderUpstreamError(
      provider,
      reason,
      retryAfterSeconds === undefined ? { status } : { status, retryAfterSeconds },
    );
  }

  let text: string;
  try {
    text = await readCapped(provider, response, request.maxBytes ?? MAX_RESPONSE_BYTES);
  } catch (error) {
    if (error instanceof ProviderUpstreamError) throw error;
    throw classify('broke off its response');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderUpstreamError(provider, 'sent a response that is not valid JSON');
  }
}

/** The body as UTF-8, or ProviderUpstreamError once it passes `maxBytes`. */
async function readCapped(provider: string, response: Response, maxBytes: number): Promise<string> {
  const text = await readCappedText(response, maxBytes);
  if (text === undefined) throw new ProviderUpstreamError(provider, `sent a response larger than ${maxBytes} bytes`);
  return text;
}
