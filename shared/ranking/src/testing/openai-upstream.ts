/**
 * A fake OpenAI chat-completions server on 127.0.0.1 for the judge's tests: call
 * `useOpenAiUpstream()` at the top of a test file; it starts the server for the file, resets it
 * before each test, and answers every call with good verdicts unless a test sets `handler`.
 */
import type { FakeUpstream, Reply, SeenRequest } from '@rankgate/platform/testing/fake-upstream';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { afterAll, beforeAll, beforeEach } from 'vitest';

import type { JudgeWarning } from '../llm/llm-judge.ts';
import type { OpenAiJudgeOptions } from '../llm/openai-judge.ts';
import { createOpenAiJudge } from '../llm/openai-judge.ts';
import { goodReplyText, SECRET_KEY } from './fake-llm.ts';

export interface ChatBody {
  model: string;
  temperature: number;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
}

export const userOf = (request: SeenRequest): string => (request.body as ChatBody).messages[1]?.content ?? '';
export const completion = (content: string | null, extra: Record<string, unknown> = {}, finish = 'stop'): Reply => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, ...extra }, finish_reason: finish }],
    usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
  },
});
export const good = (request: SeenRequest): Reply => completion(goodReplyText(userOf(request)));

export interface OpenAiUpstream {
  /** How the server answers the next calls (reset to `good` before each test). */
  handler: (request: SeenRequest) => Reply | Promise<Reply>;
  readonly server: FakeUpstream;
  judgeWith(options?: Partial<OpenAiJudgeOptions>, warnings?: JudgeWarning[]): ReturnType<typeof createOpenAiJudge>;
}

export function useOpenAiUpstream(): OpenAiUpstream {
  let server: FakeUpstream | undefined;
  const upstream: OpenAiUpstream = {
    handler: good,
    get server() {
      if (!server) throw new Error('the fake OpenAI server starts in beforeAll');
      return server;
    },
    judgeWith: (options = {}, warnings = []) =>
      createOpenAiJudge({
        baseUrl: `${upstream.server.url}/v1/`,
        model: 'gpt-test',
        apiKey: SECRET_KEY,
        retryDelayMs: 50,
        onWarning: (warning) => warnings.push(warning),
        ...options,
      }),
  };
  beforeAll(async () => {
    server = await startFakeUpstream((request) =>
      request.path === '/v1/chat/completions' ? upstream.handler(request) : { status: 404, json: {} },
    );
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    server?.reset();
    upstream.handler = good;
  });
  return upstream;
}
