/**
 * Local errors of discover adapters. The search route maps them to problems:
 * not configured → 503 SERVICE_UNAVAILABLE, upstream failure → 502 UPSTREAM_ERROR (with the
 * upstream's Retry-After on 429), timeout → 504 UPSTREAM_TIMEOUT. Messages are safe to show:
 * they name the provider and the setting, never a key, a keyed URL or an upstream body.
 */
export class ProviderNotConfiguredError extends Error {
  readonly provider: string;
  readonly setting: string;
  constructor(provider: string, setting: string) {
    super(`The ${provider} discover provider is not configured: set ${setting}.`);
    this.provider = provider;
    this.setting = setting;
    this.name = 'ProviderNotConfiguredError';
  }
}

export class ProviderUpstreamError extends Error {
  readonly provider: string;
  readonly reason: string;
  readonly options: { status?: number; retryAfterSeconds?: number; unreachable?: boolean };
  constructor(
    provider: string,
    /** What went wrong, in our words (e.g. "answered HTTP 500", "sent a body that is not valid JSON"). */
    reason: string,
    /** `unreachable`: no answer at all (DNS, refused connection, TLS): this machine cannot reach it. */
    options: { status?: number; retryAfterSeconds?: number; unreachable?: boolean } = {},
  ) {
    super(`The ${provider} discover provider failed: ${reason}.`);
    this.provider = provider;
    this.reason = reason;
    this.options = options;
    this.name = 'ProviderUpstreamError';
  }
}

export class ProviderTimeoutError extends Error {
  readonly provider: string;
  readonly timeoutMs: number;
  constructor(provider: string, timeoutMs: number) {
    super(`The ${provider} discover provider did not answer within ${timeoutMs} ms.`);
    this.provider = provider;
    this.timeoutMs = timeoutMs;
    this.name = 'ProviderTimeoutError';
  }
}
