import { describe, expect, it } from 'vitest';

import type { SentenceTraits } from './context-shift.ts';
import {
  askHash,
  assistantAskHash,
  firstPairHash,
  firstWordHash,
  hashString,
  modelAskHash,
  positionHash,
  questionHash,
  settingHash,
  shiftFirstWordHash,
} from './sentence-hashes.ts';

const BOOLS = [false, true];
const OVERLAPS: SentenceTraits['overlap'][] = ['alone', 'few', 'low', 'mid', 'high'];

describe('sentence feature hashes', () => {
  it('equal the hash of the name each stands for', () => {
    for (const place of ['in', 'alone'] as const) {
      for (const [first, second] of [
        ['write', 'a'],
        ["don't", 'écrivez'],
        ['', 'x'],
      ] as const) {
        expect(firstWordHash(place, first)).toBe(hashString(`1|${place}|${first}`));
        expect(firstPairHash(place, first, second)).toBe(hashString(`2|${place}|${first} ${second}`));
      }
      expect(questionHash(place)).toBe(hashString(`?|${place}`));
    }
    for (const overlap of OVERLAPS)
      expect(shiftFirstWordHash('ignore', overlap)).toBe(hashString(`cx1|ignore|${overlap}`));
    for (const aimsAtModel of BOOLS)
      for (const addressed of BOOLS)
        for (const question of BOOLS)
          for (const overlap of OVERLAPS)
            for (const setting of ['chat', 'page'] as const)
              for (const position of ['alone', 'first', 'middle', 'last'] as const) {
                const assistantAsk = addressed;
                const t: SentenceTraits = {
                  ...{ addressed, aimsAtModel, question, assistantAsk, contentAsk: assistantAsk },
                  ...{ overlap, setting, position },
                };
                expect(modelAskHash(t)).toBe(hashString(`cxm|${aimsAtModel}|${addressed || question}|${overlap}`));
                expect(askHash(t)).toBe(hashString(`cx|${addressed}|${question}|${overlap}`));
                expect(settingHash(t)).toBe(hashString(`cxs|${setting}|${addressed}|${question}|${overlap}`));
                expect(positionHash(t)).toBe(hashString(`cxp|${position}|${addressed}|${question}|${overlap}`));
                expect(assistantAskHash(t)).toBe(hashString(`cxa|${setting}|${overlap}`));
              }
  });
});
