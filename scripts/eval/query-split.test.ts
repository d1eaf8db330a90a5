import { describe, expect, it } from 'vitest';

import { fnv1a, splitFigures, splitOf } from './query-split.ts';

describe('the tune / held-out split of queries', () => {
  it('hashes ids with 32-bit FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('puts an id in the same half every time and fills both halves', () => {
    const ids = Array.from({ length: 400 }, (_, i) => String(i + 1));
    const tune = ids.filter((id) => splitOf(id) === 'tune').length;
    expect(ids.map(splitOf)).toEqual(ids.map(splitOf));
    expect(tune).toBeGreaterThan(160);
    expect(tune).toBeLessThan(240);
  });

  it('averages each half apart', () => {
    const ids = ['1', '2', '3', '4', '5', '6'];
    const ndcg = new Map(ids.map((id) => [id, splitOf(id) === 'tune' ? 1 : 0]));
    const recall = new Map(ids.map((id) => [id, 0.5]));
    const figures = splitFigures(ndcg, recall);
    expect(figures.tune.queries + figures['held-out'].queries).toBe(6);
    if (figures.tune.queries > 0) expect(figures.tune.ndcg10).toBe(1);
    if (figures['held-out'].queries > 0) expect(figures['held-out'].ndcg10).toBe(0);
    expect(figures.tune.recall100).toBe(0.5);
  });
});
