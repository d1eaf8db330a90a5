import { describe, expect, it } from 'vitest';

import { SIGNAL_NAMES } from '@rankgate/contracts';
import { parseVerdicts, unparsedVerdict } from './parse-verdicts.ts';

const ids = new Map([
  [1, 10],
  [2, 20],
  [3, 30],
]);
const full = (id: number) => ({
  id,
  answerability: 0.9,
  authority: 0.8,
  on_topic: 0.7,
  states_sought_fact: 0.6,
  subject_match: 0.5,
  spam: 0.1,
  prompt_injection: 0,
  is_republisher: false,
});

describe('parseVerdicts', () => {
  it('maps prompt ids back to candidate ids, in batch order', () => {
    const verdicts = parseVerdicts(JSON.stringify({ results: [full(3), full(1), full(2)] }), ids)!;
    expect(verdicts.map((verdict) => verdict.id)).toEqual([10, 20, 30]);
    expect(verdicts[0]).toEqual({
      id: 10,
      signals: {
        answerability: 0.9,
        authority: 0.8,
        on_topic: 0.7,
        states_sought_fact: 0.6,
        subject_match: 0.5,
        spam: 0.1,
        prompt_injection: 0,
      },
      is_republisher: false,
    });
  });

  it('judges each field on its own', () => {
    const text = JSON.stringify({
      results: [
        { ...full(1), answerability: undefined },
        { ...full(2), authority: 1.5, spam: -0.1, on_topic: '0.7', is_republisher: 'yes' },
        { ...full(3), subject_match: null, prompt_injection: 'NaN' },
      ],
    });
    const [first, second, third] = parseVerdicts(text, ids)!;
    expect(first!.signals.answerability).toBeNull();
    expect(first!.signals.authority).toBe(0.8);
    expect(second!.signals).toMatchObject({ authority: null, spam: null, on_topic: null, answerability: 0.9 });
    expect(second!.is_republisher).toBeNull();
    expect(third!.signals).toMatchObject({ subject_match: null, prompt_injection: null, on_topic: 0.7 });
    expect(third!.is_republisher).toBe(false);
  });

  it('ignores unknown ids, keeps the first of a repeated id and leaves a missing candidate unparsed', () => {
    const text = JSON.stringify({
      results: [full(1), { ...full(1), answerability: 0.1 }, full(7), { ...full(2), id: '2' }, 'junk', null],
    });
    const [first, second, third] = parseVerdicts(text, ids)!;
    expect(first!.signals.answerability).toBe(0.9);
    expect(second!.signals.answerability).toBe(0.9);
    expect(third).toEqual(unparsedVerdict(30));
    for (const name of SIGNAL_NAMES) expect(third!.signals[name]).toBeNull();
  });

  it('finds the object inside a code fence or prose', () => {
    const json = JSON.stringify({ results: [full(1)] });
    expect(parseVerdicts(`\`\`\`json\n${json}\n\`\`\``, ids)![0]!.signals.spam).toBe(0.1);
    expect(parseVerdicts(`Here you go: ${json} Done.`, ids)![0]!.signals.spam).toBe(0.1);
  });

  it('reports a malformed reply as a whole', () => {
    expect(parseVerdicts('{"results": [ {"id": 1, "answerability": 0.', ids)).toBeUndefined();
    expect(parseVerdicts('I cannot help with that.', ids)).toBeUndefined();
    expect(parseVerdicts('{"verdicts": []}', ids)).toBeUndefined();
    expect(parseVerdicts('', ids)).toBeUndefined();
  });
});
