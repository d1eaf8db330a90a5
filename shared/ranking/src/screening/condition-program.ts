/**
 * Word conditions (./pattern-words.ts) as one flat program the rule scan's prefilter runs on a text's words: each node
 * three numbers (what it tests, its argument, where its subtree ends), read by one function instead of a tree of
 * closures (a call through a closure per node was most of the prefilter's time on a snippet).
 */
import type { WordCondition } from './pattern-words.ts';
import type { WordSet } from './word-set.ts';
import { hashWord } from './word-set.ts';

const TRUE = 0;
const WORD = 1;
const CHAR = 2;
const NON_ASCII = 3;
const ALL = 4;
const ANY = 5;

export class ConditionProgram {
  /** [test, argument, end of subtree] per node, children right after their parent. */
  private readonly code: number[] = [];
  /**
   * The same, as int32 (a word's hash as its bits): what `test` reads, with no boxed numbers among them; made at the
   * first test after an add.
   */
  private program: Int32Array | null = null;
  /** The characters CHAR nodes ask for, by argument. */
  private readonly chars: string[] = [];

  /** Appends a condition; returns where its program starts. */
  add(condition: WordCondition): number {
    const start = this.code.length;
    this.code.push(TRUE, 0, 0);
    switch (condition.kind) {
      case 'none':
        break;
      case 'word':
        this.code[start] = WORD;
        this.code[start + 1] = hashWord(condition.word);
        break;
      case 'char':
        this.code[start] = CHAR;
        this.code[start + 1] = this.chars.push(condition.char) - 1;
        break;
      case 'nonAscii':
        this.code[start] = NON_ASCII;
        break;
      case 'all':
      case 'any':
        this.code[start] = condition.kind === 'all' ? ALL : ANY;
        for (const part of condition.of) this.add(part);
        break;
    }
    this.code[start + 2] = this.code.length;
    this.program = null;
    return start;
  }

  /** Whether the condition starting at `at` holds for `words`. */
  test(at: number, words: WordSet): boolean {
    const code = (this.program ??= Int32Array.from(this.code, (value) => value | 0));
    switch (code[at]) {
      case WORD:
        return words.has((code[at + 1] ?? 0) >>> 0);
      case CHAR:
        return words.hasChar(this.chars[code[at + 1] ?? 0] ?? '');
      case NON_ASCII:
        return words.nonAscii;
      case ALL:
        for (let child = at + 3, end = code[at + 2] ?? 0; child < end; child = code[child + 2] ?? end) {
          if (!this.test(child, words)) return false;
        }
        return true;
      case ANY:
        for (let child = at + 3, end = code[at + 2] ?? 0; child < end; child = code[child + 2] ?? end) {
          if (this.test(child, words)) return true;
        }
        return false;
      default:
        return true;
    }
  }
}
