import { describe, expect, it } from 'vitest';

import { words } from './text.ts';

describe('words', () => {
  it('splits ASCII text into lower-cased words, keeping one apostrophe', () => {
    expect(words("Don't stop: CCL19 binds CCR7 (2x).")).toEqual(["don't", 'stop', 'ccl19', 'binds', 'ccr7', '2x']);
  });

  it('reads letters of any script and splits on non-ASCII punctuation as the Unicode rule does', () => {
    expect(words('The β-cell’s émigré — Zürich±5 日本')).toEqual(['the', 'β', 'cell’s', 'émigré', 'zürich', '5', '日本']);
  });
});
