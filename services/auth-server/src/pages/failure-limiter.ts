import type { KeyValueStore } from '@rankgate/platform/stores';

/**
 * Bounds guessing on the pages: wrong operator keys and wrong user codes from one client address
 * count together; past the limit the address is refused until the window ends.
 */
export class FailureLimiter {
  constructor(private readonly store: KeyValueStore, private readonly limit = 10, private readonly windowMs = 15 * 60_000) {}

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
