import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { BatchVocabulary } from './batch-vocabulary.ts';
import { ANY_CUE, lowersToAscii } from './cue-words.ts';
import { analyzeQuery } from './query-analysis.ts';
import { answerability } from './relevance-signals.ts';
import { isRepublisher } from './source-reputation.ts';
import { spamScore } from './spam-signals.ts';
import { TermMatcher } from './term-matcher.ts';

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
];
const around = ['', ' ', 'é', '’', "'", "'s", '_', '9', 'X', 'İ', '\u212a', '…', '—', '\n', 'ΣΑ'];
const text = fc
  .array(fc.oneof(fc.constantFrom(...phrases), fc.constantFrom(...around), fc.string({ maxLength: 4 })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

describe('cue words', () => {
  const query = analyzeQuery('what is a tide');
  const evidence = (raw: string) => ({ raw, has: () => true, mentions: () => true });

  it('skip an expression only where it cannot match: every signal is the same as without them', () => {
    fc.assert(
      fc.property(text, text, (title, snippet) => {
        const vocabulary = new BatchVocabulary(new TermMatcher(query.terms));
        const cues = lowersToAscii([title, snippet])
          ? ANY_CUE
          : vocabulary.cuesOf(vocabulary.wordsOf(title), vocabulary.wordsOf(snippet));
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

  it('are found in a text that holds them', () => {
    const vocabulary = new BatchVocabulary(new TermMatcher([]));
    const none = vocabulary.cuesOf(vocabulary.wordsOf('Tides rise and fall twice a day.'));
    const some = vocabulary.cuesOf(vocabulary.wordsOf('Tides are cheap, from Wikipedia, the free encyclopedia'));
    expect(none).toBe(0);
    expect(some).not.toBe(0);
  });
});
