/**
 * The fixed split of judged queries into a tune half and a held-out half, for both ranking sets:
 * a query is `tune` when the FNV-1a hash of its id is even, else `held-out`. Ranking settings are
 * chosen on the tune half only; the held-out half shows whether they generalise. The hash (not
 * the id's parity or order) keeps both halves alike whatever the ids encode.
 */
export type QuerySplit = 'tune' | 'held-out';

const QUERY_SPLITS: readonly QuerySplit[] = ['tune', 'held-out'];

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

export type SplitFigures = Record<QuerySplit, { queries: number; ndcg10: number; recall100: number }>;

/** Means over each half of the judged queries. */
export function splitFigures(ndcg: ReadonlyMap<string, number>, recall: ReadonlyMap<string, number>): SplitFigures {
  const figures = Object.fromEntries(
    QUERY_SPLITS.map((split) => [split, { queries: 0, ndcg10: 0, recall100: 0 }]),
  ) as SplitFigures;
  for (const [queryId, value] of ndcg) {
    const half = figures[splitOf(queryId)];
    half.queries += 1;
    half.ndcg10 += value;
    half.recall100 += recall.get(queryId) ?? 0;
  }
  for (const half of Object.values(figures)) {
    if (half.queries > 0) {
      half.ndcg10 /= half.queries;
      half.recall100 /= half.queries;
    }
  }
  return figures;
}
