import type {
  ExpiryOptions,
  IncrementOptions,
  IncrementUpToResult,
  KeyValueStore,
  WindowOptions,
  WindowState,
} from './store.ts';
import { assertIncrement, assertLimit, assertTtlMs, assertWindow } from './store-arguments.ts';
import { StoreClosedError, StoreValueNotIntegerError } from './store-errors.ts';

export interface MemoryKeyValueStoreOptions {
  /** Most live entries kept; inserting a new key beyond it evicts the oldest-inserted first. Default 100_000. */
  maxEntries?: number;
  /** How often expired entries are swept even if nobody reads them. Default 60_000 ms. */
  sweepIntervalMs?: number;
  /** Clock in epoch ms, injectable so tests can expire entries without sleeping. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  value: string;
  /** Epoch ms after which the entry is gone; undefined: never. */
  expiresAt: number | undefined;
}

const INTEGER = /^-?\d+$/;

/**
 * Single-process {@link KeyValueStore}: a Map with expiry timestamps. Expired entries vanish lazily
 * on access and in a periodic sweep, and `maxEntries` caps the size, so memory stays bounded.
 * Operations are synchronous under the hood, which makes the counters atomic within one process.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  // Map iteration order is insertion order, which is what oldest-first eviction needs.
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly sweepTimer: NodeJS.Timeout;
  private closed = false;

  constructor({ maxEntries = 100_000, sweepIntervalMs = 60_000, now = Date.now }: MemoryKeyValueStoreOptions = {}) {
    if (!(Number.isSafeInteger(maxEntries) && maxEntries > 0)) {
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
    }
    this.maxEntries = maxEntries;
    this.now = now;
    this.sweepTimer = setInterval(() => this.sweepExpired(), sweepIntervalMs);
    this.sweepTimer.unref(); // never keep the process alive just to sweep
  }

  /** Entries held in memory, including expired ones not yet swept or read. For metrics and tests. */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<string | null> {
    this.assertOpen();
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, options: ExpiryOptions = {}): Promise<void> {
    this.assertOpen();
    assertTtlMs(options.ttlMs);
    this.insert(key, value, options.ttlMs);
  }

  async setIfAbsent(key: string, value: string, options: ExpiryOptions = {}): Promise<boolean> {
    this.assertOpen();
    assertTtlMs(options.ttlMs);
    if (this.live(key)) return false;
    this.insert(key, value, options.ttlMs);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    this.assertOpen();
    return this.live(key) !== undefined && this.entries.delete(key);
  }

  async increment(key: string, { by = 1, ttlMs }: IncrementOptions = {}): Promise<number> {
    this.assertOpen();
    assertIncrement(by);
    assertTtlMs(ttlMs);
    return this.add(key, by, ttlMs);
  }

  async incrementUpTo(key: string, limit: number, { ttlMs }: ExpiryOptions = {}): Promise<IncrementUpToResult> {
    this.assertOpen();
    assertLimit(limit);
    assertTtlMs(ttlMs);
    const entry = this.live(key);
    const current = entry ? parseCounter(key, entry.value) : 0;
    if (current >= limit) return { allowed: false, value: current };
    return { allowed: true, value: this.add(key, 1, ttlMs) };
  }

  async hitWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, true);
  }

  async peekWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, false);
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.entries.clear();
  }

  /**
   * The window's hit times live in an ordinary entry (comma-separated epoch ms, oldest first) that
   * expires with its newest hit, so eviction and sweeping bound it like everything else.
   */
  private window(key: string, { limit, windowMs }: WindowOptions, record: boolean): WindowState {
    this.assertOpen();
    assertWindow({ limit, windowMs });
    const now = this.now();
    const hits = (this.live(key)?.value.split(',').map(Number) ?? []).filter((at) => at > now - windowMs);
    const allowed = hits.length < limit;
    if (record && allowed) hits.push(now);
    if (hits.length > 0) this.insert(key, hits.join(','), Math.max(1, (hits.at(-1) ?? now) + windowMs - now));
    else this.entries.delete(key);
    return {
      allowed,
      remaining: Math.max(0, limit - hits.length),
      resetMs: hits.length > 0 ? (hits[0] ?? now) + windowMs - now : 0,
    };
  }

  private add(key: string, by: number, ttlMs: number | undefined): number {
    const entry = this.live(key);
    if (!entry) {
      this.insert(key, String(by), ttlMs);
      return by;
    }
    const value = parseCounter(key, entry.value) + by;
    entry.value = String(value); // in place: keeps the creation-time expiry and insertion order
    return value;
  }

  private insert(key: string, value: string, ttlMs: number | undefined): void {
    // Delete first so an overwrite counts as the newest insertion.
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? undefined : this.now() + ttlMs });
  }

  /** The entry if present and unexpired; expired entries are removed on the way. */
  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweepExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }
}

function parseCounter(key: string, value: string): number {
  const parsed = Number(value);
  if (!INTEGER.test(value) || !Number.isSafeInteger(parsed)) throw new StoreValueNotIntegerError(key);
  return parsed;
}
