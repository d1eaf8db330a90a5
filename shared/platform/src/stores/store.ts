/** Options for writes that may expire. */
export interface ExpiryOptions {
  /** Time to live in milliseconds (a positive integer). Omitted: the entry never expires. */
  ttlMs?: number;
}

export interface IncrementOptions extends ExpiryOptions {
  /** Amount to add, a safe integer (may be negative). Default 1. */
  by?: number;
}

export interface IncrementUpToResult {
  /** True when the counter was below the limit and has been incremented. */
  allowed: boolean;
  /** The counter after the call: incremented when allowed, unchanged otherwise. */
  value: number;
}

/** A sliding window: at most `limit` hits in any `windowMs`. */
export interface WindowOptions {
  /** Hits allowed per window, a non-negative integer. */
  limit: number;
  /** Window length in milliseconds, a positive integer. */
  windowMs: number;
}

export interface WindowState {
  /** For a hit: it was admitted and recorded. For a peek: a hit now would be admitted. */
  allowed: boolean;
  /** Hits left in the window after this call. */
  remaining: number;
  /** Milliseconds until the oldest recorded hit leaves the window (a slot frees); 0 when empty. */
  resetMs: number;
}

/**
 * The key/value + counter port. Small on purpose: it backs the discover cache (TTL), the token
 * revocation list, OAuth state (`setIfAbsent` + TTL) and quota counters, and must be implementable
 * on one process (memory) and on Redis with the same observable behaviour.
 *
 * Values are strings; counters are strings holding integers (as in Redis), so `get` on a counter
 * returns e.g. `"3"`. Every method rejects after `close()`.
 */
export interface KeyValueStore {
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>;

  /** Write (overwrite) a value. Without `ttlMs` any previous expiry is cleared. */
  set(key: string, value: string, options?: ExpiryOptions): Promise<void>;

  /** Write only when the key is absent (or expired). Resolves true when written. */
  setIfAbsent(key: string, value: string, options?: ExpiryOptions): Promise<boolean>;

  /** Remove a key. Resolves true when something was deleted. */
  delete(key: string): Promise<boolean>;

  /**
   * Atomically add `by` (default 1) and resolve the new value. When the key is new and `ttlMs` is
   * given, it expires `ttlMs` after creation: later increments do NOT extend the TTL, so a window
   * counter resets on schedule. Rejects when the current value is not an integer.
   */
  increment(key: string, options?: IncrementOptions): Promise<number>;

  /**
   * Atomically add 1 only while the current value is below `limit` (a non-negative integer).
   * Exact under concurrency: N parallel callers never push the counter past `limit`, which is
   * what a lifetime quota needs. No TTL unless `ttlMs` is given (applied on creation only).
   * A refused call does not create the key.
   */
  incrementUpTo(key: string, limit: number, options?: ExpiryOptions): Promise<IncrementUpToResult>;

  /**
   * Sliding-window admission: records a hit and admits it only while fewer than `limit` hits lie
   * in the last `windowMs`. Exact under concurrency (one atomic step); a refused hit is not
   * recorded, so hammering does not extend the wait. The window's key expires on its own.
   */
  hitWindow(key: string, options: WindowOptions): Promise<WindowState>;

  /** The same window's state without recording a hit. */
  peekWindow(key: string, options: WindowOptions): Promise<WindowState>;

  /** Resolves when the backing store answers; rejects (within a bounded time) when it cannot. */
  ping(): Promise<void>;

  /** Release timers/connections the store owns. Idempotent. */
  close(): Promise<void>;
}
