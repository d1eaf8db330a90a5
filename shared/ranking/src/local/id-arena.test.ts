import { describe, expect, it } from 'vitest';

import { IdArena } from './id-arena.ts';

describe('the id arena', () => {
  it('keeps every list it was given, across blocks and for a list longer than a block', () => {
    const arena = new IdArena();
    const source = Int32Array.from({ length: 40_000 }, (_, i) => i);
    const lists = [3, 5000, 16_000, 40_000, 0, 7].map((count) => ({ count, list: arena.copy(source, count) }));
    source.fill(-1);
    for (const { count, list } of lists) expect([...list]).toEqual(Array.from({ length: count }, (_, i) => i));
  });
});

describe('room in the arena', () => {
  it('hands out what was written to it, and the next list after it', () => {
    const arena = new IdArena();
    const room = arena.room(5);
    room.set([7, 8, 9]);
    const written = arena.keep(3);
    const next = arena.copy(Int32Array.of(1, 2), 2);
    expect([...written, ...next]).toEqual([7, 8, 9, 1, 2]);
  });
});
