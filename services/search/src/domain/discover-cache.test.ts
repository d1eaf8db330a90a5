import type { Candidate } from '@rankgate/ranking';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { MemoryKeyValueStore } from '@rankgate/platform/stores';
import { describe, expect, it } from 'vitest';

import { DiscoverCache, normaliseQuery } from './discover-cache.ts';

const candidates: Candidate[] = [
  { title: 'Tide', url: 'https://en.wikipedia.org/wiki/Tide', snippet: 'Tides…', provider_rank: 1 },
];

function setup(store: KeyValueStore = new MemoryKeyValueStore()) {
  let clock = 1_000_000;
  let calls = 0;
  const cache = new DiscoverCache({ store, ttlMs: 60_000, now: () => clock });
  const fetch = async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return candidates;
  };
  return {
    cache,
    fetch,
    calls: () => calls,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the discover cache', () => {
  it("misses, then hits with the entry's age", async () => {
    const { cache, fetch, calls, advance } = setup();
    const key = cache.key('brave', 'Ocean  Tides', 10);
    expect(await cache.get(key, fetch, { refresh: false })).toMatchObject({ hit: false, ageSeconds: 0 });
    advance(12_500);
    expect(await cache.get(key, fetch, { refresh: false })).toEqual({ candidates, hit: true, ageSeconds: 12 });
    expect(calls()).toBe(1);
  });

  it('keys on provider, normalised query and max_candidates', () => {
    const { cache } = setup();
    expect(cache.key('brave', ' Ocean\tTIDES ', 10)).toBe(cache.key('brave', 'ocean tides', 10));
    expect(cache.key('brave', 'ocean tides', 10)).not.toBe(cache.key('brave', 'ocean tides', 11));
    expect(cache.key('brave', 'ocean tides', 10)).not.toBe(cache.key('exa', 'ocean tides', 10));
    expect(normaliseQuery('Ｏcean')).toBe('ocean');
  });

  it('refresh skips the read and rewrites the entry', async () => {
    const { cache, fetch, calls, advance } = setup();
    const key = cache.key('brave', 'tides', 10);
    await cache.get(key, fetch, { refresh: false });
    advance(30_000);
    expect((await cache.get(key, fetch, { refresh: true })).hit).toBe(false);
    expect(await cache.get(key, fetch, { refresh: false })).toMatchObject({ hit: true, ageSeconds: 0 });
    expect(calls()).toBe(2);
  });

  it('shares one upstream call among 20 concurrent identical misses', async () => {
    const { cache, fetch, calls } = setup();
    const key = cache.key('brave', 'tides', 10);
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get(key, fetch, { refresh: false })));
    expect(calls()).toBe(1);
    expect(results.every((r) => r.candidates === results[0]!.candidates)).toBe(true);
  });

  it('treats a failing store as a miss instead of failing the search', async () => {
    const broken = new MemoryKeyValueStore();
    await broken.close();
    const { cache, fetch, calls } = setup(broken);
    const key = cache.key('brave', 'tides', 10);
    expect((await cache.get(key, fetch, { refresh: false })).candidates).toEqual(candidates);
    expect(calls()).toBe(1);
  });
});
