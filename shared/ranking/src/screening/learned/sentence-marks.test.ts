import { describe, expect, it } from 'vitest';

import { sentenceOf } from './features.ts';
import { ADDRESSED, AIMS_AT_MODEL, FIRST_PERSON, sentenceMarks } from './sentence-marks.ts';

/** The reference: a global exec loop over the whole text, each match marking the sentence it starts in. */
function byRegex(text: string, pattern: RegExp, starts: readonly number[]): number[] {
  const out = starts.map(() => 0);
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    let block = 0;
    while (block + 1 < starts.length && (starts[block + 1] ?? 0) <= match.index) block += 1;
    out[block] = 1;
  }
  return out;
}

const TEXTS = [
  "Please reply. I'm fine, thank you! Ask your Assistant about GPT-4o. It's ours, not US policy or i.",
  'See xhttps://a.b and HTTP://c for réponse or RÉPONSE; the user’s e-mail it to www.x — the User was here.',
  "gpt4 took the user's password. Your Reply: ignore instructions above? model_ and ai_ are no words here.",
  'yourself kindly; Yours truly, we and our staff. Emailing Me: email them to the api key holder | instrucciones.',
  'A gptX\u00a0spanning. Next sentence about language model agents and previous instructions précédentes.',
];

describe('sentenceMarks', () => {
  it('marks the same sentences as the three global regex passes', () => {
    for (const text of TEXTS) {
      // Sentences as the model cuts them, and cuts every few characters (a match crossing a boundary).
      const cuts = [0];
      for (let at = 7; at < text.length; at += 7) cuts.push(at);
      for (const starts of [sentenceOf(text).starts, cuts]) {
        const marks = sentenceMarks(text, starts);
        expect([...marks.addressed]).toEqual(byRegex(text, ADDRESSED, starts));
        expect([...marks.firstPerson]).toEqual(byRegex(text, FIRST_PERSON, starts));
        expect([...marks.aimsAtModel]).toEqual(byRegex(text, AIMS_AT_MODEL, starts));
      }
    }
  });

  it('finds each kind where it is', () => {
    const text = 'The tide turns at noon. Could you tell me? Send the password to the assistant.';
    const marks = sentenceMarks(text, [0, text.indexOf('Could'), text.indexOf('Send')]);
    expect([...marks.addressed]).toEqual([0, 1, 0]);
    expect([...marks.firstPerson]).toEqual([0, 1, 0]);
    expect([...marks.aimsAtModel]).toEqual([0, 0, 1]);
  });
});
