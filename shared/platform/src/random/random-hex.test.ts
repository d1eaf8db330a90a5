import { describe, expect, it } from 'vitest';

import { randomHex } from './random-hex.ts';

describe('randomHex', () => {
  it('gives 2 × bytes lower-case hex characters', () => {
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('never repeats an id across pool refills (10,000 draws, more than the pool holds)', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => randomHex(8)));
    expect(ids.size).toBe(10_000);
  });

  it('spreads over every hex digit, as random bytes do', () => {
    const counts = new Map<string, number>();
    for (const char of Array.from({ length: 2_000 }, () => randomHex(8)).join(''))
      counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(16);
    // 32,000 digits: each about 2,000; a fixed or biased source lands far outside this band.
    for (const count of counts.values()) expect(count).toBeGreaterThan(1_700);
  });

  it('refuses more bytes than the pool holds', () => {
    expect(() => randomHex(5_000)).toThrow(RangeError);
  });
});
