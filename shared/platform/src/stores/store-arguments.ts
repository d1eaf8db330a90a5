// Both adapters validate arguments the same way, so a bad call fails identically in memory and on
// Redis (where PX 0 or INCRBY 1.5 would otherwise surface as an opaque server error).

/** Throws RangeError unless `ttlMs` is undefined or a positive safe integer. */
export function assertTtlMs(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && !(Number.isSafeInteger(ttlMs) && ttlMs > 0)) {
    throw new RangeError(`ttlMs must be a positive integer, got ${ttlMs}`);
  }
}

/** Throws RangeError unless `by` is a safe integer. */
export function assertIncrement(by: number): void {
  if (!Number.isSafeInteger(by)) throw new RangeError(`by must be an integer, got ${by}`);
}

/** Throws RangeError unless `limit` is a non-negative safe integer. */
export function assertLimit(limit: number): void {
  if (!(Number.isSafeInteger(limit) && limit >= 0)) {
    throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  }
}

/** Throws RangeError unless the window has a non-negative integer limit and a positive integer length. */
export function assertWindow({ limit, windowMs }: { limit: number; windowMs: number }): void {
  assertLimit(limit);
  if (!(Number.isSafeInteger(windowMs) && windowMs > 0))
    throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
}
