import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { BatchText } from './batch-text.ts';
import { readCandidate } from './candidate-text.ts';
import { evidenceOf } from './fielded-text.ts';
import { repeatsOf } from './spam-signals.ts';
import { TermMatcher } from './term-matcher.ts';
import { READ, TextReader } from './text-reader.ts';
import { termsOfWords, words } from './text.ts';
import { WordScan } from './word-scan.ts';

const texts = [
  "Don't stop: CCL19 binds CCR7 (2x).",
  'The β-cell’s émigré — Zürich±5 日本 studies of cells',
  'Cells, cells and more CELLS: the cell studies the studies.',
  '',
  // Apostrophe tails (ASCII letters only), curly apostrophes, letters whose lower case is longer, surrogate pairs,
  // Greek final sigma, control characters, a word at the very end.
  "rock'n'roll o' 'tis abc'9 x'' IL'S don’t İSTANBUL 𝔸𝔹c 😀ok ΟΔΟΣ. ΟΔΟΣ\u0001A\tb\u2026end",
  'cells cells cells',
  // A plural's term met before the word that is that term, and a run whose term alone is not one word ("cell’").
  'cell’s cell’ studies study ours our',
];

/** Text made of pieces that meet at every kind of boundary the scan tells apart. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom('cells', 'Cell', 'studies', 'stud', "don't", 'x’s', 'émigré', 'ΟΔΟΣ', 'İ', '9', '_', 'is', 'a'),
      fc.constantFrom(' ', "'", '’', '-', '…', '\n', 'é', '😀'),
      fc.string({ maxLength: 5 }),
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));

/** A reader of a fresh batch, with the query terms `terms`. */
const readerOf = (terms: readonly string[]) => new TextReader(new BatchText(new TermMatcher(terms), []));

describe('the word scan', () => {
  it('splits a text into the words text.ts gives, one batch reading many texts', () => {
    const reader = readerOf(['cell', 'study']);
    const scan = new WordScan(reader.batch.lexicon);
    const { table } = reader.batch.lexicon;
    const check = (sample: string) => {
      const lower = sample.toLowerCase();
      scan.text(lower);
      const count = scan.scan(0, lower.length, 0);
      expect([...scan.ids.subarray(0, count)].map((id) => table.textOf(id))).toEqual(words(sample));
    };
    for (const sample of texts) check(sample);
    fc.assert(fc.property(text, check), { numRuns: 2000 });
  });
});

describe('the text reader', () => {
  it('records the content terms text.ts gives, title then body, and counts the query terms among them', () => {
    const check = (title: string, snippet: string) => {
      const reader = readerOf(['cell', 'stud', 'x’']);
      const { fielded } = readCandidate(reader, title, snippet, []);
      const { termIds, lexicon } = reader.batch;
      const spell = (from: number, to: number) => [...termIds.subarray(from, to)].map((id) => lexicon.table.textOf(id));
      const titleTerms = spell(fielded.titleStart, fielded.bodyStart);
      const bodyTerms = spell(fielded.bodyStart, fielded.bodyEnd);
      expect(titleTerms).toEqual(termsOfWords(words(title)));
      expect(bodyTerms).toEqual(termsOfWords(words(snippet)));
      const matcher = new TermMatcher(['cell', 'stud', 'x’']);
      matcher.terms.forEach((_, index) => {
        const at = (terms: string[]) => terms.flatMap((term, i) => (matcher.indexOf(term) === index ? [i] : []));
        expect(fielded.titleTf[index]).toBe(at(titleTerms).length);
        expect(fielded.bodyTf[index]).toBe(at(bodyTerms).length);
        const positions = [...at(titleTerms), ...at(bodyTerms).map((i) => titleTerms.length + 50 + i)];
        expect(fielded.positions[index]).toEqual(positions);
        expect(fielded.exact[index]).toBe([...titleTerms, ...bodyTerms].includes(matcher.terms[index] as string));
      });
    };
    for (const sample of texts) check(sample, sample);
    fc.assert(fc.property(text, text, check), { numRuns: 1000 });
  });

  it('reads a window on a passage as that part read alone, wherever it starts and ends', () => {
    const passage =
      "Don't stop: CCL19 binds CCR7 (2x) — rock'n'roll 'tis the β-cell’s émigré don't9x, a'' z'b. Zürich±5 日本 end";
    const lower = passage.toLowerCase();
    for (let start = 0; start <= lower.length; start += 1) {
      for (let end = start; end <= lower.length; end += 3) {
        const alone = readerOf([]);
        const expected = alone.read(lower.slice(start, end), READ.words);
        const windowed = readerOf([]);
        const { window } = windowed.readPassage(lower, READ.terms, start, end);
        expect(window, `${start}-${end}`).toBe(expected);
        const kept = (reader: TextReader) =>
          [...reader.kept.subarray(0, reader.keptWords)].map((id) => reader.batch.lexicon.table.textOf(id));
        expect(kept(windowed), `${start}-${end}`).toEqual(kept(alone));
      }
    }
  });

  it('counts repeated words of title and snippet as the spam signal does', () => {
    const stuffed = 'Cheap flights cheap hotels cheap cars cheap deals cheap cheap tours';
    for (const [title, snippet] of [
      [stuffed, texts[2] as string],
      [texts[1] as string, stuffed],
    ] as const) {
      const { repeats } = readCandidate(readerOf([]), title, snippet, []);
      expect(repeats).toEqual(repeatsOf([...words(title), ...words(snippet)]));
    }
  });
});

describe("a candidate's evidence", () => {
  it('tells the terms it has and mentions, counted while reading or looked for afterwards alike', () => {
    const terms = ['cell', 'inductive'];
    const others = ['studies', 'study', 'tide', 'induct', 'inducible', 'cells', 'ours', 'our', 'émigré'];
    const title = 'Inducible cells and tides';
    const snippet = 'Our studies of the émigré cell: induction, inductive, ours.';
    const read = (watched: readonly string[]) => {
      const batch = new BatchText(
        new TermMatcher(terms),
        watched.map((term) => new TermMatcher([term])),
      );
      const { fielded } = readCandidate(new TextReader(batch), title, snippet, []);
      return evidenceOf(fielded, batch, [title, snippet]);
    };
    const watching = read(others);
    const looking = read([]);
    const held = termsOfWords([...words(title), ...words(snippet)]);
    for (const term of [...terms, ...others]) {
      expect(watching.mentions(term), term).toBe(looking.mentions(term));
      expect(looking.mentions(term), term).toBe(held.some((t) => new TermMatcher([term]).indexOf(t) === 0));
      expect(looking.has(term), term).toBe(held.includes(term));
    }
  });
});
