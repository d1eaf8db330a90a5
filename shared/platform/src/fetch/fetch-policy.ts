/** What a safe fetcher may do. Every limit applies to each fetch; a call may lower, never raise, the caps. */
export interface FetchPolicy {
  /** Sent on every request, so site operators can tell who is reading (e.g. `Rankgate/0.1 (+https://…)`). */
  userAgent: string;
  /** Time to open the TCP (and TLS) connection of one hop. */
  connectTimeoutMs: number;
  /** Time for the whole fetch: waiting for a per-host slot, every redirect hop and the body. */
  totalTimeoutMs: number;
  /** Cap on the body as sent (compressed); Content-Length is not trusted, the stream is counted. */
  maxBytes: number;
  /** Cap on the body after decompression (zip bombs). */
  maxDecompressedBytes: number;
  /** Redirects followed by hand, each hop checked again. 0 refuses any redirect. */
  maxRedirects: number;
  /** Fetches to one host name at a time; more wait (within the total timeout). */
  perHostConcurrency: number;
  /** Ports a URL may name. Default 80 and 443. */
  allowedPorts?: readonly number[];
  /**
   * Host names or IP addresses that may be non-public. Exists for tests, which serve pages from
   * 127.0.0.1; never set it in production. A name here lets that name resolve to anything; an IP
   * here lets a URL or a DNS answer use that address.
   */
  testAllowList?: readonly string[];
  /**
   * DNS servers (`host` or `host:port`) to resolve with instead of the system resolver (which also
   * reads /etc/hosts). For a filtering resolver, or a test DNS server.
   */
  dnsServers?: readonly string[];
}

export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443];

/** Throws a TypeError naming the first setting that cannot work, so a bad policy fails at start. */
export function validateFetchPolicy(policy: FetchPolicy): void {
  const positive = [
    'connectTimeoutMs',
    'totalTimeoutMs',
    'maxBytes',
    'maxDecompressedBytes',
    'perHostConcurrency',
  ] as const;
  for (const key of positive) {
    if (!Number.isInteger(policy[key]) || policy[key] <= 0)
      throw new TypeError(`fetch policy: ${key} must be a positive integer`);
  }
  if (!Number.isInteger(policy.maxRedirects) || policy.maxRedirects < 0)
    throw new TypeError('fetch policy: maxRedirects must be an integer ≥ 0');
  if (!policy.userAgent.trim() || /[\r\n]/.test(policy.userAgent))
    throw new TypeError('fetch policy: userAgent must be one non-empty line');
  for (const port of policy.allowedPorts ?? []) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new TypeError(`fetch policy: allowed port ${port} is not a port`);
  }
}
