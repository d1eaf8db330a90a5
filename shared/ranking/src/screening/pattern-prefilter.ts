/**
 * Which patterns can match a text, from its words alone: each pattern's needs (./pattern-words.ts)
 * as a test on a WordSet, and an index from words to the patterns they may set off, so a text's
 * words are looked up once, not every pattern's.
 */
import type { WordCondition } from './pattern-words.ts';
import { wordsNeeded } from './pattern-words.ts';
import type { WordSet } from './word-set.ts';
import { hashWord } from './word-set.ts';
import { ConditionProgram } from './condition-program.ts';

/** A trigger for a text with a non-ASCII character (a word hash is never 0). */
const NON_ASCII = 0;

interface Triggers {
  hashes: Set<number>;
  /** How rare the commonest of them is: 0 for a common word, else its length (short words are common). */
  shortest: number;
}

/** Words most English texts have: a poor trigger, taken only when a pattern offers nothing rarer. */
const COMMON = new Set(
  `a about after all also an and any are as at be been but by can could did do does for from had has have he her his
  how i if in into is it its may me more must my new no not now of on one only or our out should so some than that the
  their them then there these they this those to up us was we were what when where which who will with would you your`.split(
    /\s+/,
  ),
);

/**
 * Words (hashes, or NON_ASCII) at least one of which a text must have for the condition to hold,
 * as rare as can be picked; null when there are none (the pattern is a candidate for every text).
 */
function triggers(condition: WordCondition): Triggers | null {
  switch (condition.kind) {
    case 'word':
      return {
        hashes: new Set([hashWord(condition.word) | 0]),
        shortest: COMMON.has(condition.word) ? 0 : condition.word.length,
      };
    case 'nonAscii':
      // About one web passage in five has a non-ASCII character: as common as a word of four letters.
      return { hashes: new Set([NON_ASCII]), shortest: 4 };
    case 'any': {
      const parts = condition.of.map(triggers);
      if (parts.some((part) => part === null)) return null;
      const present = parts.filter((part): part is Triggers => part !== null);
      return {
        hashes: new Set(present.flatMap((part) => [...part.hashes])),
        shortest: Math.min(...present.map((part) => part.shortest)),
      };
    }
    case 'all': {
      let best: Triggers | null = null;
      for (const part of condition.of.map(triggers)) {
        if (part === null) continue;
        if (
          best === null ||
          part.shortest > best.shortest ||
          (part.shortest === best.shortest && part.hashes.size < best.hashes.size)
        )
          best = part;
      }
      return best;
    }
    default:
      return null;
  }
}

/**
 * The patterns each trigger may set off, by the trigger's hash in an open-addressing table of int32 keys: a Map looked
 * up with a hash beyond the small integers boxes the key first, once per distinct word of a text (a thousand a page).
 */
class TriggerTable {
  private readonly mask: number;
  private readonly keys: Int32Array;
  private readonly used: Uint8Array;
  /** Per slot, its patterns: indices [from, to) of `patterns`. */
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  private readonly patterns: Int32Array;

  constructor(byTrigger: ReadonlyMap<number, readonly number[]>) {
    let size = 16;
    while (size < byTrigger.size * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Int32Array(size);
    this.used = new Uint8Array(size);
    this.from = new Int32Array(size);
    this.to = new Int32Array(size);
    this.patterns = Int32Array.from([...byTrigger.values()].flat());
    let at = 0;
    for (const [key, patterns] of byTrigger) {
      let slot = key & this.mask;
      while (this.used[slot] === 1) slot = (slot + 1) & this.mask;
      this.used[slot] = 1;
      this.keys[slot] = key;
      this.from[slot] = at;
      at += patterns.length;
      this.to[slot] = at;
    }
  }

  /** Sets marks[pattern] = round for each pattern the trigger `key` may set off. */
  mark(key: number, marks: Int32Array, round: number): void {
    for (let slot = key & this.mask; this.used[slot] === 1; slot = (slot + 1) & this.mask) {
      if (this.keys[slot] !== key) continue;
      for (let i = this.from[slot] ?? 0, end = this.to[slot] ?? 0; i < end; i += 1)
        marks[this.patterns[i] ?? 0] = round;
      return;
    }
  }
}

export class PatternPrefilter {
  /** Each pattern's condition, as a program, and where it starts. */
  private readonly program = new ConditionProgram();
  private readonly starts: number[];
  /** Patterns with no trigger: candidates for every text. */
  private readonly always: number[] = [];
  private readonly byTrigger: TriggerTable;
  /** Per pattern, the round (text) it was last marked a candidate in: reused, never cleared. */
  private readonly marks: Int32Array;
  private round = 0;

  constructor(patterns: readonly RegExp[]) {
    const conditions = patterns.map(wordsNeeded);
    this.starts = conditions.map((condition) => this.program.add(condition));
    this.marks = new Int32Array(patterns.length);
    const byTrigger = new Map<number, number[]>();
    conditions.forEach((condition, index) => {
      const found = triggers(condition);
      if (found === null) this.always.push(index);
      else for (const hash of found.hashes) byTrigger.set(hash, [...(byTrigger.get(hash) ?? []), index]);
    });
    this.byTrigger = new TriggerTable(byTrigger);
  }

  /** Marks the patterns that may match the text `words` were read from; then ask `mayMatch`. */
  select(words: WordSet): void {
    this.round = (this.round + 1) | 0;
    const { marks, round } = this;
    for (const index of this.always) marks[index] = round;
    const { byTrigger } = this;
    for (let i = 0; i < words.count; i += 1) byTrigger.mark((words.distinct[i] ?? 0) | 0, marks, round);
    if (words.nonAscii) byTrigger.mark(NON_ASCII, marks, round);
  }

  /** Whether pattern `index` (constructor order) may match the text last selected for. */
  mayMatch(index: number, words: WordSet): boolean {
    return this.marks[index] === this.round && this.program.test(this.starts[index] ?? 0, words);
  }
}

/** Whether `pattern` may match the text `words` were read from, by its word condition alone (as in the scan). */
export function wordGate(pattern: RegExp): (words: WordSet) => boolean {
  const program = new ConditionProgram();
  const start = program.add(wordsNeeded(pattern));
  return (words) => program.test(start, words);
}
