/**
 * Local errors of discover adapters. The search route maps them to problems:
 * not configured → 503 SERVICE_UNAVAILABLE, upstream failure → 502 UPSTREAM_ERROR (with the
 * upstream's Retry-After on 429), timeout → 504 UPSTREAM_TIMEOUT. Messages are safe to show:
 * they name the provider and the setting, never a key, a keyed URL or an upstream body.
 */
export class ProviderNotConfiguredError extends Error {
  constructor(readonly provider: string, readonly setting: string) {
    super(`The ${provider} discover provider is not configured: set ${setting}.`);
    this.name = 'ProviderNotConfiguredError';
  }
}

export class ProviderUpstreamError extends Error {
  constructor(
    readonly provider: string,
    /** What went wrong, in our words (e.g. "answered HTTP 500", "sent a body that is not valid JSON"). */
    readonly reason: string,
    readonly options: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(`The ${provider} discover provider failed: ${reason}.`);
    this.name = 'ProviderUpstreamError';
  }
}

export class ProviderTimeoutError extends Error {
  constructor(readonly provider: string, readonly timeoutMs: number) {
    super(`The ${provider} discover provider did not answer within ${timeoutMs} ms.`);
    this.name = 'ProviderTimeoutError';
  }
}

export type DiscoverError = ProviderNotConfiguredError | ProviderUpstreamError | ProviderTimeoutError;
