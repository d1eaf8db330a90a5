import type { KeyValueStore } from '@rankgate/shared/stores';

/**
 * Bounds guessing on the pages: wrong operator keys and wrong user codes from one client address
 * count together; past the limit the address is refused until the window ends.
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
    return Number(await this.store.get(this.key(clientIp)) ?? 0) >= this.limit;
  }

  async fail(clientIp: string): Promise<void> {
    await this.store.increment(this.key(clientIp), { ttlMs: this.windowMs });
  }
}
