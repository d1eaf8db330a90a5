import { describe, expect, it } from 'vitest';

import { ConditionProgram } from './condition-program.ts';
import type { WordCondition } from './pattern-words.ts';
import { wordsOf } from './word-set.ts';

const word = (w: string): WordCondition => ({ kind: 'word', word: w });

describe('a word condition as a program', () => {
  const program = new ConditionProgram();
  const conditions: [string, WordCondition][] = [
    ['nothing', { kind: 'none' }],
    ['a word', word('tide')],
    ['a character', { kind: 'char', char: '<' }],
    ['a character beyond ASCII', { kind: 'nonAscii' }],
    ['all of them', { kind: 'all', of: [word('tide'), word('tables'), { kind: 'char', char: ':' }] }],
    [
      'any of them, nested',
      { kind: 'any', of: [word('moon'), { kind: 'all', of: [word('low'), { kind: 'any', of: [word('tide')] }] }] },
    ],
  ];
  const starts = conditions.map(([, condition]) => program.add(condition));

  it.each([
    ['Low tide tables: 06:12', [true, true, false, false, true, true]],
    ['High tide at <b>noon</b>', [true, true, true, false, false, false]],
    ['Marée basse à 6 h', [true, false, false, true, false, false]],
    ['Moon phases', [true, false, false, false, false, true]],
  ] as const)('holds as the condition says on %s', (text, expected) => {
    const words = wordsOf(text);
    expect(starts.map((start) => program.test(start, words))).toEqual(expected);
  });
});
