import type { KeyValueStore } from '@rankgate/platform/stores';

/**
 * Bounds guessing on the pages: wrong operator keys and wrong user codes from one client address
 * count together; past the limit the address is refused until the window ends.
 *
 * A guess takes its slot before it is checked, in one atomic step of the store (`incrementUpTo`,
 * a script on Redis), so however many guesses arrive at once, at most `limit` are checked per
 * window; a guess that turns out right gives its slot back.
 */
export class FailureLimiter {
  private readonly store: KeyValueStore;
  private readonly limit;
  private readonly windowMs;
  constructor(store: KeyValueStore, limit = 10, windowMs = 15 * 60_000) {
    this.store = store;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  private key(clientIp: string): string {
    return `auth:page-failures:${clientIp}`;
  }

  async blocked(clientIp: string): Promise<boolean> {
    return Number((await this.store.get(this.key(clientIp))) ?? 0) >= this.limit;
  }

  /** Takes one of the address's guesses before it is checked; false when none is left in the window. */
  async reserve(clientIp: string): Promise<boolean> {
    return (await this.store.incrementUpTo(this.key(clientIp), this.limit, { ttlMs: this.windowMs })).allowed;
  }

  /** A reserved guess that was right is not a failure. */
  async release(clientIp: string): Promise<void> {
    await this.store.increment(this.key(clientIp), { by: -1, ttlMs: this.windowMs });
  }
}
