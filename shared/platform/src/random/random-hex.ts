import { randomFillSync } from 'node:crypto';

/**
 * Random hex strings for ids that are made on every request (trace and span ids, per-response markers), drawn
 * from a pool filled by the system's CSPRNG a few kilobytes at a time: one `randomBytes(8)` call per id cost tens
 * of microseconds in profiles, a pooled draw a fraction of one. The bytes are as random; only the calls are fewer.
 * `crypto.randomUUID` pools its randomness the same way.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** `bytes` random bytes (at most POOL_BYTES) as lower-case hex: 2 × bytes characters. */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`randomHex: at most ${POOL_BYTES} bytes`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  // A drawn byte is never handed out twice.
  offset += bytes;
  return hex;
}
