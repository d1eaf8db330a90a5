import { createOpenAiJudge } from '@rankgate/ranking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FakeOpenAi } from './fake-openai-server.ts';
import { CHARS_PER_TOKEN, startFakeOpenAi } from './fake-openai-server.ts';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const candidate = (id: number, snippet: string) => ({
  id,
  title: `Result ${id}`,
  url: `https://example.org/${id}`,
  snippet,
});

describe("the eval's fake OpenAI-compatible model", () => {
  it('answers the real openai judge over the wire: scores by query overlap, usage counted per 4 characters', async () => {
    const judge = createOpenAiJudge({ baseUrl: fake.baseUrl, model: fake.model, batchSize: 2 });
    const inputs = [
      candidate(10, 'Ocean tides are caused by the moon.'),
      candidate(11, 'Bread recipes.'),
      candidate(12, 'Tides tables.'),
    ];
    const result = await judge.judge('ocean tides moon', inputs, { signal: new AbortController().signal });

    expect(result.errors).toBe(0);
    expect(result.usage.calls).toBe(2); // batches of 2 and 1
    expect(fake.requests).toBe(2);
    const byId = new Map(result.verdicts.map((verdict) => [verdict.id, verdict]));
    expect(byId.get(10)?.signals.on_topic).toBe(1);
    expect(byId.get(11)?.signals.on_topic).toBe(0);
    expect(byId.get(12)?.signals.on_topic).toBeCloseTo(0.333, 3);
    expect(byId.get(11)?.signals.subject_match).toBe(0);
    // A prompt is thousands of characters (system rules + fenced candidates); a reply a few hundred.
    expect(result.usage.input_tokens).toBeGreaterThan(2 * (1000 / CHARS_PER_TOKEN));
    expect(result.usage.output_tokens).toBeGreaterThan(0);
    expect(result.usage.output_tokens).toBeLessThan(result.usage.input_tokens);
  });

  it('ranks a listwise window by query overlap in the published format, and the listwise judge reads it', async () => {
    const judge = createOpenAiJudge({ baseUrl: fake.baseUrl, model: fake.model, mode: 'listwise' });
    const before = fake.requests;
    const inputs = [
      candidate(20, 'Bread recipes.'),
      candidate(21, 'Tides tables.'),
      candidate(22, 'Ocean tides are caused by the moon.'),
    ];
    const result = await judge.judge('ocean tides moon', inputs, { signal: new AbortController().signal });
    expect(result.errors).toBe(0);
    expect(fake.requests - before).toBe(2); // one pointwise batch, one window
    expect(result.usage.calls).toBe(2);
    const rank = new Map(result.verdicts.map((verdict) => [verdict.id, verdict.listRank]));
    expect([rank.get(22), rank.get(21), rank.get(20)]).toEqual([1, 2, 3]);
  });
});
