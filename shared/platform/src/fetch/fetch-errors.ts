/**
 * Why the fetcher refused a URL or gave up on a response. Each is decided by our policy, not by the
 * remote side, and none is worth retrying with the same URL.
 */
export const FETCH_REFUSAL_REASONS = [
  /** Not a parsable absolute URL. */
  'invalid_url',
  /** Not http or https (file:, gopher:, ftp:, data: …). */
  'scheme',
  /** A port outside the allowed ports (default 80 and 443). */
  'port',
  /** The URL carries a user name or password. */
  'userinfo',
  /** The host is, or resolves to, a non-public address (loopback, private, link-local, metadata …). */
  'private_address',
  /** The host name does not resolve. */
  'dns',
  /** More redirects than allowed, or a redirect without a usable Location. */
  'redirects',
  /** The body (as sent, before decompression) is larger than the byte cap. */
  'too_large',
  /** The decompressed body is larger than its cap, or the encoding is unknown or corrupt. */
  'decompression',
  /** The connect or total timeout passed. */
  'timeout',
] as const;

export type FetchRefusalReason = (typeof FETCH_REFUSAL_REASONS)[number];

/** The fetcher refused: nothing was sent (URL and address checks) or it stopped reading (caps, time). */
export class FetchRefusedError extends Error {
  readonly reason: FetchRefusalReason;
  /** The URL of the hop that was refused (after redirects, the redirect target). */
  readonly url: string;

  constructor(reason: FetchRefusalReason, url: string, detail: string, options?: { cause?: unknown }) {
    super(`fetch refused (${reason}): ${detail}`, options);
    this.name = 'FetchRefusedError';
    this.reason = reason;
    this.url = url;
  }
}

/** The fetch was allowed but failed: connection refused or reset, TLS error, malformed response, caller abort. */
export class FetchFailedError extends Error {
  readonly url: string;
  /** The underlying error code when there is one (`ECONNREFUSED`, `UND_ERR_SOCKET`, `ABORTED` …). */
  readonly code: string | undefined;

  constructor(url: string, detail: string, options?: { cause?: unknown; code?: string }) {
    super(`fetch failed: ${detail}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchFailedError';
    this.url = url;
    this.code = options?.code;
  }
}
