/**
 * The fixed split of judged queries into a tune half and a held-out half, for both ranking sets:
 * a query is `tune` when the FNV-1a hash of its id is even, else `held-out`. Ranking settings are
 * chosen on the tune half only; the held-out half shows whether they generalise. The hash (not
 * the id's parity or order) keeps both halves alike whatever the ids encode.
 */
export type QuerySplit = 'tune' | 'held-out';

export const QUERY_SPLITS: readonly QuerySplit[] = ['tune', 'held-out'];

/** 32-bit FNV-1a of the id's UTF-16 code units. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export const splitOf = (queryId: string): QuerySplit => (fnv1a(queryId) % 2 === 0 ? 'tune' : 'held-out');
