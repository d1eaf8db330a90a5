/**
 * FNV-1a, 32-bit, and the final avalanche, shared by the detector's hashed features and the word tables of the
 * detector and the local judge.
 */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** Final avalanche, so nearby hashes land in unrelated buckets. */
export function mix(h: number): number {
  let x = h >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
