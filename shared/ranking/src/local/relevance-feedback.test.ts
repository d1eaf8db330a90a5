import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { firstInOrder } from './relevance-feedback.ts';

describe('the first items in order', () => {
  it('are those of a sort of every item, in its order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 60 }), fc.nat(15), (keys, count) => {
        // Items are indexes into `keys`; ties between keys are broken by index, a strict total order.
        const items = keys.map((_, i) => i);
        const before = (x: number, y: number) =>
          (keys[x] as number) > (keys[y] as number) || (keys[x] === keys[y] && x < y);
        const sorted = [...items].sort((x, y) => (before(x, y) ? -1 : 1)).slice(0, count);
        expect(firstInOrder(items, count, before)).toEqual(sorted);
      }),
    );
  });
});
