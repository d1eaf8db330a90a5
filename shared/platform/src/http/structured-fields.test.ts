import { describe, expect, it } from 'vitest';

import { parseStructuredList, StructuredFieldError } from './structured-fields.ts';

describe('parseStructuredList (RFC 9651)', () => {
  it('reads the RateLimit fields of the current draft', () => {
    expect(parseStructuredList('"burst";q=60;w=60')).toEqual([{ value: 'burst', params: { q: 60, w: 60 } }]);
    expect(parseStructuredList('"burst";q=100;w=60, "daily";q=1000;w=86400')).toHaveLength(2);
    expect(parseStructuredList('"default";r=50;t=30')[0]?.params).toEqual({ r: 50, t: 30 });
  });

  it('reads dates, tokens, booleans and byte sequences', () => {
    expect(parseStructuredList('@1767225599')).toEqual([{ value: { date: 1767225599 }, params: {} }]);
    expect(parseStructuredList('abc;a=?1;b=:aGk=:')).toEqual([
      { value: { token: 'abc' }, params: { a: true, b: { bytes: 'aGk=' } } },
    ]);
  });

  it.each(['"open', '60;W=60', '"a",', 'a,,b', '"a" "b"', '1.2.3'])('refuses %j', (field) => {
    expect(() => parseStructuredList(field)).toThrow(StructuredFieldError);
  });
});
