import { setTimeout as sleep } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { MemoryKeyValueStore } from './memory-store.ts';

// Memory-only guarantees; the shared behaviour lives in store.contract.test.ts.
describe('MemoryKeyValueStore bounds', () => {
  it('evicts the oldest-inserted entries beyond maxEntries, an overwrite counting as a fresh insert', async () => {
    const store = new MemoryKeyValueStore({ maxEntries: 3 });
    await store.set('a', '1');
    await store.set('b', '2');
    await store.set('c', '3');
    await store.set('a', '1 again'); // now the newest
    await store.set('d', '4');
    expect(await store.get('b')).toBeNull();
    expect([await store.get('a'), await store.get('c'), await store.get('d')]).toEqual(['1 again', '3', '4']);
    expect(store.size).toBe(3);
    await store.close();
  });

  it('sweeps expired entries that nobody reads', async () => {
    let now = 0;
    const store = new MemoryKeyValueStore({ now: () => now, sweepIntervalMs: 10 });
    await store.set('stale', 'v', { ttlMs: 100 });
    await store.set('kept', 'v');
    now = 200;
    expect(store.size).toBe(2); // nothing read it yet
    await sleep(50);
    expect(store.size).toBe(1);
    await store.close();
  });
});
