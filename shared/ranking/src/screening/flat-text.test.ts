import { describe, expect, it } from 'vitest';

import { flatText } from './flat-text.ts';

describe('flatText', () => {
  it('collapses every whitespace run to one space and trims, mapping offsets back to the original', () => {
    const original = '  ab\n\n cd  ';
    const flat = flatText(original);
    expect(flat.text).toBe('ab cd');
    expect([0, 1, 2, 3, 4].map((i) => flat.original(i))).toEqual([2, 3, 4, 7, 8]);
    expect(flat.original(flat.text.length)).toBe(9); // just after "d", not after the trailing spaces
  });

  it('leaves flat text as it is (offsets are the identity)', () => {
    const flat = flatText('a table | of cells');
    expect(flat.text).toBe('a table | of cells');
    expect(flat.original(8)).toBe(8);
  });

  it('reads a padded table as the same text as its collapsed form', () => {
    expect(flatText('| 1        | Santos      |\n| 2  | Auto |').text).toBe(
      flatText('| 1 | Santos | | 2 | Auto |').text,
    );
  });
});
