import { describe, expect, it } from 'vitest';

import { lineCount, oversizedFiles } from './check-file-size.ts';

describe('check-file-size', () => {
  const texts: Record<string, string> = {
    'a.ts': 'x\n'.repeat(400),
    'b.ts': 'x\n'.repeat(401),
    'c.js': 'x\n'.repeat(500),
    'notes.md': 'x\n'.repeat(900),
  };
  const read = (file: string) => texts[file] ?? '';

  it('counts lines as an editor does (a final newline starts no line)', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
  });

  it('names every source file over the limit, and only those', () => {
    const problems = oversizedFiles(Object.keys(texts), read);
    expect(problems).toEqual([
      'b.ts: 401 lines (at most 400); split it by purpose',
      'c.js: 500 lines (at most 400); split it by purpose',
    ]);
  });
});
