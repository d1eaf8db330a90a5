/** The OpenAI-format judge's listwise mode (RankGPT / RankZephyr sliding windows) against a fake server. */
import type { Reply, SeenRequest } from '@rankgate/platform/testing/fake-upstream';
import { describe, expect, it } from 'vitest';

import type { JudgeWarning } from './llm-judge.ts';
import {
  candidates,
  expectSafe,
  isListwise,
  lowestNumberFirst,
  RAW_OUTPUT_MARKER,
  signal,
} from '../testing/fake-llm.ts';
import { completion, good, useOpenAiUpstream, userOf } from '../testing/openai-upstream.ts';

const upstream = useOpenAiUpstream();

describe('the openai judge in listwise mode', () => {
  const listwise =
    (reply: (user: string) => string) =>
    (request: SeenRequest): Reply => {
      const user = userOf(request);
      return isListwise(user) ? completion(reply(user)) : good(request);
    };

  it('orders the judged candidates with the model after the pointwise verdicts, one plain-text window for 12', async () => {
    upstream.handler = listwise(lowestNumberFirst);
    const result = await upstream
      .judgeWith({ mode: 'listwise' })
      .judge('ocean tides', candidates(12), { signal: signal() });
    expect(result.errors).toBe(0);
    // Two pointwise batches of 8 and 4, then one window.
    expect(result.usage).toEqual({ calls: 3, input_tokens: 360, output_tokens: 90 });
    const window = upstream.server.seen.at(-1)!;
    expect(window.body).not.toHaveProperty('response_format');
    expect(userOf(window)).toContain('Rank the 12 passages above based on their relevance to the search query.');
    // The model ranks by snippet number, whatever order the pointwise scores (which encode prompt ids) gave.
    const rank = new Map(result.verdicts.map((v) => [v.id, v.listRank]));
    expect(rank.get(100)).toBe(1);
    expect(rank.get(111)).toBe(12);
    // Pointwise signals kept (prompt id 6).
    expect(result.verdicts.find((v) => v.id === 105)!.signals.on_topic).toBe(0.06);
  });

  it('slides windows of 20 up by 10 from the bottom: the best candidate climbs from last place to first', async () => {
    upstream.handler = listwise(lowestNumberFirst);
    const result = await upstream
      .judgeWith({ mode: 'listwise' })
      .judge('ocean tides', candidates(25), { signal: signal() });
    expect(result.usage.calls).toBe(4 + 2);
    const top = [...result.verdicts]
      .sort((a, b) => a.listRank! - b.listRank!)
      .slice(0, 10)
      .map((v) => v.id);
    expect(top).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
  });

  it('keeps the pointwise order for a window whose reply is garbage, and says so without echoing it', async () => {
    const warnings: JudgeWarning[] = [];
    upstream.handler = listwise(() => `${RAW_OUTPUT_MARKER}: I would rather not.`);
    const result = await upstream
      .judgeWith({ mode: 'listwise' }, warnings)
      .judge('ocean tides', candidates(5), { signal: signal() });
    expect(result.errors).toBe(1);
    expect(warnings.map((w) => w.kind)).toEqual(['malformed_output']);
    expect(warnings[0]!.message).toContain('5 candidates keep the pointwise order');
    expect(result.verdicts.map((v) => [v.id, v.listRank])).toEqual([
      [100, 5],
      [101, 4],
      [102, 3],
      [103, 2],
      [104, 1],
    ]);
    expectSafe(result);
  });

  it('makes no listwise call in pointwise mode', async () => {
    upstream.handler = listwise(lowestNumberFirst);
    const result = await upstream.judgeWith().judge('ocean tides', candidates(5), { signal: signal() });
    expect(result.usage.calls).toBe(1);
    expect(result.verdicts.every((v) => v.listRank === undefined)).toBe(true);
  });
});
