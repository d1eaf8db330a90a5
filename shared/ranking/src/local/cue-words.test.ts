import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { BatchText } from './batch-text.ts';
import { ANY_CUE, exactCue, lowersToAscii } from './cue-words.ts';
import { analyzeQuery } from './query-analysis.ts';
import { answerability, statesSoughtFact } from './relevance-signals.ts';
import { isRepublisher } from './source-reputation.ts';
import { spamScore } from './spam-signals.ts';
import { TermMatcher } from './term-matcher.ts';
import { READ, TextReader } from './text-reader.ts';

// Every alternative of the expressions searched only where their cue words are, and what stands next to a word:
// letters outside ASCII, apostrophes straight and curly, "_", digits, capitals, and the two characters whose lower
// case is an ASCII letter.
const phrases = [
  "you won't believe",
  'You wont believe',
  'CLICK HERE',
  '100% free',
  'buy now',
  'limited time',
  'act now',
  'miracle',
  'secret trick',
  'doctors hate',
  'make $500',
  'free download',
  'best price',
  'cheap',
  'casino',
  'viagra',
  'crypto giveaway',
  'earn money fast',
  'originally published on',
  'Originally appeared at',
  'this article was republished',
  'this article is reprinted',
  'republished from',
  'republished with permission',
  'content is sourced from',
  'via Reuters',
  'via ap',
  'via afp',
  'From Wikipedia, the free encyclopedia',
  'is a',
  'is an',
  'is',
  'a',
  'an',
  'This is the',
  'is  a',
  'is\ta',
  "x'is an",
  'éis a',
  'is a’b',
  'are',
  'refers to',
  'refer to',
  'means',
  'because',
  'caused by',
  'defined as',
  'consists of',
  'consist of',
  'occurs when',
  'occur when',
  'explains',
  'explain',
  'describes',
  'describe',
  'was',
  'Were',
  'has',
  'HAVE',
  "x'is9",
  'ab’are9',
  "don't",
];
const around = ['', ' ', 'é', '’', "'", "'s", '_', '9', 'X', 'İ', '\u212a', '…', '—', '\n', 'ΣΑ', 'a'];
const text = fc
  .array(fc.oneof(fc.constantFrom(...phrases), fc.constantFrom(...around), fc.string({ maxLength: 4 })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

/** A reader of a fresh batch, with the query terms `terms`. */
const readerOf = (terms: readonly string[]) => new TextReader(new BatchText(new TermMatcher(terms), []));

describe('cue words', () => {
  const query = analyzeQuery('what is a tide');
  const evidence = (raw: string) => ({ raw, has: () => true, mentions: () => true });

  it('skip an expression only where it cannot match: every signal is the same as without them', () => {
    fc.assert(
      fc.property(text, text, (title, snippet) => {
        const reader = readerOf(query.terms);
        const cues = lowersToAscii([title, snippet])
          ? ANY_CUE
          : reader.read(title, READ.words) | reader.read(snippet, READ.words);
        expect(spamScore('example.com', title, snippet, undefined, cues)).toBe(
          spamScore('example.com', title, snippet),
        );
        expect(isRepublisher('example.com', 'https://example.com/', title, snippet, cues)).toBe(
          isRepublisher('example.com', 'https://example.com/', title, snippet),
        );
        const raw = `${title}\n${snippet}`;
        expect(answerability(query, evidence(raw), 200, new Map(), cues)).toBe(
          answerability(query, evidence(raw), 200, new Map()),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('settle the expressions of single words exactly where the words are as `\\b` reads them', () => {
    const intents = ['what is a tide', 'tides of the moon', 'why do tides rise'].map(analyzeQuery);
    fc.assert(
      fc.property(text, text, text, (title, snippet, extra) => {
        const reader = readerOf([]);
        const parts = [title, snippet, extra];
        reader.begin();
        const read = parts.reduce((cues, part) => cues | reader.read(part, READ.terms), 0);
        const cues = lowersToAscii(parts) ? ANY_CUE : read | exactCue(reader.joined());
        const raw = parts.join('\n');
        for (const intent of intents) {
          expect(statesSoughtFact(intent, evidence(raw), new Map(), cues)).toBe(
            statesSoughtFact(intent, evidence(raw), new Map()),
          );
          expect(answerability(intent, evidence(raw), 200, new Map(), cues)).toBe(
            answerability(intent, evidence(raw), 200, new Map()),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('are found in a text that holds them', () => {
    const reader = readerOf([]);
    const none = reader.read('Tides rise and fall twice a day.', READ.words);
    const some = reader.read('Tides are cheap, from Wikipedia, the free encyclopedia', READ.words);
    expect(none).toBe(0);
    expect(some).not.toBe(0);
  });
});
