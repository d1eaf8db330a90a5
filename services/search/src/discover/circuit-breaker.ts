/**
 * Per-process circuit breaker for one discover provider: after `failureThreshold` failures in a
 * row (or at once on a 429) the provider is left alone for a cool-down (the provider's Retry-After
 * when it sent one), then one call probes it: success closes the breaker, failure opens it again.
 */
export interface BreakerSettings {
  /** Failures in a row that open the breaker. */
  failureThreshold: number;
  /** How long an open breaker keeps the provider out. */
  cooldownMs: number;
}

export type BreakerEvent = 'opened' | 'closed' | 'short_circuited';

export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  readonly provider: string;
  private readonly settings: BreakerSettings;
  private readonly onEvent: (event: BreakerEvent) => void;
  private readonly now: () => number;

  constructor(
    provider: string,
    settings: BreakerSettings,
    onEvent: (event: BreakerEvent) => void = () => undefined,
    now: () => number = Date.now,
  ) {
    this.provider = provider;
    this.settings = settings;
    this.onEvent = onEvent;
    this.now = now;
  }

  /** Whether the provider may be asked now; false while cooling down (and while a probe is out). */
  allows(): boolean {
    if (this.openUntil === 0) return true;
    if (this.now() >= this.openUntil && !this.probing) {
      this.probing = true;
      return true;
    }
    this.onEvent('short_circuited');
    return false;
  }

  /** Milliseconds of cool-down left (0 when closed). */
  remainingMs(): number {
    return Math.max(0, this.openUntil - this.now());
  }

  succeeded(): void {
    if (this.openUntil !== 0) this.onEvent('closed');
    this.failures = 0;
    this.openUntil = 0;
    this.probing = false;
  }

  /** A failure; `rateLimited` (429) opens at once, for `retryAfterSeconds` when the provider said. */
  failed({ rateLimited = false, retryAfterSeconds }: { rateLimited?: boolean; retryAfterSeconds?: number } = {}): void {
    this.failures += 1;
    const wasProbe = this.probing;
    this.probing = false;
    if (!rateLimited && !wasProbe && this.failures < this.settings.failureThreshold) return;
    const cooldown =
      retryAfterSeconds !== undefined ? Math.max(retryAfterSeconds * 1000, 1000) : this.settings.cooldownMs;
    if (this.openUntil === 0 || wasProbe) this.onEvent('opened');
    this.openUntil = this.now() + cooldown;
  }
}
