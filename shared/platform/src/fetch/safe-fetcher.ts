import type { IncomingHttpHeaders } from 'node:http';

import type { Client } from 'undici';

import { detectCharset, parseContentType } from './charset.ts';
import { FetchFailedError, FetchRefusedError } from './fetch-errors.ts';
import type { FetchPolicy } from './fetch-policy.ts';
import { DEFAULT_ALLOWED_PORTS, validateFetchPolicy } from './fetch-policy.ts';
import { HostLimiter } from './host-limiter.ts';
import { createPinnedClient } from './pinned-client.ts';
import { readCappedBody } from './read-body.ts';
import { createHostResolver, resolveVetted } from './resolve-host.ts';
import type { VettedUrl } from './vet-url.ts';
import { buildAllowList, vetUrl } from './vet-url.ts';

export interface SafeFetchOptions {
  /** The Accept header. Default: HTML, XHTML and plain text first. */
  accept?: string;
  /** Aborts the fetch (FetchFailedError with code `ABORTED`). */
  signal?: AbortSignal;
  /** Lowers the policy's byte cap for this call (it can never raise it). */
  maxBytes?: number;
  /** Lowers the policy's redirect limit for this call; 0 refuses any redirect. */
  maxRedirects?: number;
}

export interface SafeFetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Response headers, lowercased, repeated ones joined with `, `; `set-cookie` is dropped. */
  headers: Record<string, string>;
  /** Media type essence (`text/html`), lowercased; empty when the server sent none. */
  contentType: string;
  /** Encoding of a textual body (see charset.ts); undefined for binary types. */
  charset?: string;
  /** The body, decompressed. */
  body: Buffer;
  /** Every redirect target followed, in order. */
  redirects: string[];
}

export interface SafeFetcher {
  /** GET `url` under the policy. Rejects with FetchRefusedError or FetchFailedError. */
  fetch(url: string | URL, options?: SafeFetchOptions): Promise<SafeFetchResult>;
  /** Aborts fetches in flight and refuses new ones. */
  close(): Promise<void>;
}

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.1';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'set-cookie') continue;
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Rejects as soon as `signal` aborts, even when `work` cannot be cancelled (a DNS lookup). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A fetcher for URLs nobody vetted (search results, client metadata documents): refuses every
 * case of the SSRF checklist (docs/deep-mode.md § Safe fetching) with a recorded reason, and
 * connects only to addresses it checked itself.
 *
 * @example
 * const fetcher = createSafeFetcher({ userAgent: 'Rankgate/0.1', connectTimeoutMs: 3000, totalTimeoutMs: 10_000,
 *   maxBytes: 2_000_000, maxDecompressedBytes: 8_000_000, maxRedirects: 5, perHostConcurrency: 2 });
 * const page = await fetcher.fetch('https://example.org/');
 */
export function createSafeFetcher(policy: FetchPolicy): SafeFetcher {
  validateFetchPolicy(policy);
  const allowedPorts = policy.allowedPorts ?? DEFAULT_ALLOWED_PORTS;
  const allow = buildAllowList(policy.testAllowList);
  const resolve = createHostResolver(policy.dnsServers, policy.connectTimeoutMs);
  const limiter = new HostLimiter(policy.perHostConcurrency);
  const clients = new Set<Client>();
  const closing = new AbortController();

  /** One request to one vetted URL; the caller reads or discards the body before `done()`. */
  async function hop(target: VettedUrl, accept: string, signal: AbortSignal) {
    const release = await limiter.acquire(target.host, signal);
    let client: Client | undefined;
    const done = (): void => {
      if (client) {
        clients.delete(client);
        client.destroy().catch(() => undefined);
      }
      release();
    };
    try {
      const addresses = await untilAborted(resolveVetted(target, resolve, allow), signal);
      client = createPinnedClient(target.url.origin, addresses, policy.connectTimeoutMs, policy.totalTimeoutMs);
      clients.add(client);
      const response = await client.request({
        method: 'GET',
        path: `${target.url.pathname}${target.url.search}`,
        headers: { 'user-agent': policy.userAgent, accept, 'accept-encoding': 'gzip, deflate, br' },
        signal,
      });
      return { response, done };
    } catch (error) {
      done();
      throw error;
    }
  }

  /** `onHop` learns each URL about to be requested, so a failure can name the hop that failed. */
  async function run(
    raw: string | URL,
    options: SafeFetchOptions,
    signal: AbortSignal,
    onHop: (url: string) => void,
  ): Promise<SafeFetchResult> {
    const maxBytes = Math.min(policy.maxBytes, options.maxBytes ?? Number.POSITIVE_INFINITY);
    const maxRedirects = Math.min(policy.maxRedirects, options.maxRedirects ?? Number.POSITIVE_INFINITY);
    const redirects: string[] = [];
    let next: string | URL = raw;
    for (;;) {
      const target = vetUrl(next, allowedPorts, allow);
      onHop(target.url.href);
      const { response, done } = await hop(target, options.accept ?? DEFAULT_ACCEPT, signal);
      try {
        const headers = flattenHeaders(response.headers);
        const location = headers.location;
        if (REDIRECTS.has(response.statusCode) && location !== undefined) {
          if (redirects.length >= maxRedirects) {
            throw new FetchRefusedError('redirects', target.url.href, `more than ${maxRedirects} redirect(s)`);
          }
          try {
            next = new URL(location, target.url);
          } catch {
            throw new FetchRefusedError('redirects', target.url.href, 'the redirect has an unusable Location');
          }
          redirects.push(next.href);
          continue;
        }
        const declared = Number(headers['content-length']);
        if (declared > maxBytes)
          throw new FetchRefusedError(
            'too_large',
            target.url.href,
            `Content-Length ${declared} is over the cap of ${maxBytes} bytes`,
          );
        const body = await readCappedBody(
          response.body,
          headers['content-encoding'],
          { maxBytes, maxDecompressedBytes: policy.maxDecompressedBytes },
          target.url.href,
        );
        const { essence, charset: declaredCharset } = parseContentType(headers['content-type']);
        const charset = detectCharset(body, essence, declaredCharset);
        return {
          url: target.url.href,
          status: response.statusCode,
          headers,
          contentType: essence,
          body,
          redirects,
          ...(charset ? { charset } : {}),
        };
      } finally {
        done();
      }
    }
  }

  return {
    async fetch(url, options = {}) {
      let shown = String(url);
      if (closing.signal.aborted) throw new FetchFailedError(shown, 'the fetcher is closed', { code: 'CLOSED' });
      const timeout = AbortSignal.timeout(policy.totalTimeoutMs);
      const signal = AbortSignal.any([timeout, closing.signal, ...(options.signal ? [options.signal] : [])]);
      try {
        return await run(url, options, signal, (hop) => {
          shown = hop;
        });
      } catch (error) {
        if (error instanceof FetchRefusedError || error instanceof FetchFailedError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        if (timeout.aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
          throw new FetchRefusedError(
            'timeout',
            shown,
            `no complete answer within ${timeout.aborted ? `${policy.totalTimeoutMs} ms` : `the ${code === 'UND_ERR_CONNECT_TIMEOUT' ? 'connect' : 'read'} timeout`}`,
            { cause: error },
          );
        }
        if (signal.aborted) throw new FetchFailedError(shown, 'aborted', { cause: signal.reason, code: 'ABORTED' });
        const message = error instanceof Error ? error.message : String(error);
        throw new FetchFailedError(shown, message, { cause: error, ...(code ? { code } : {}) });
      }
    },
    async close() {
      closing.abort(new Error('the fetcher is closed'));
      await Promise.all([...clients].map((client) => client.destroy().catch(() => undefined)));
    },
  };
}
