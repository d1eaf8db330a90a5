/**
 * A deterministic stand-in for an LLM behind the OpenAI chat-completions wire format, on
 * 127.0.0.1, so the eval can measure what the cascade saves in judge calls and tokens without a
 * model or a key. It reads the fenced query and candidates of the judge's prompt and scores each
 * candidate by word overlap with the query; usage is reported the way the wire format reports it
 * (`usage.prompt_tokens` / `completion_tokens`), counting one token per 4 characters of the
 * messages and of the reply. It answers the listwise judge's windows too, with the passages in order
 * of word overlap. Its NDCG measures this lexical stand-in, not a real model.
 */
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  /** API root including `/v1`. */
  baseUrl: string;
  model: string;
  /** Requests answered so far. */
  requests: number;
  close(): Promise<void>;
}

/** Characters per token of the stand-in tokenizer (the usual rule of thumb for English). */
export const CHARS_PER_TOKEN = 4;

const tokens = (chars: number): number => Math.ceil(chars / CHARS_PER_TOKEN);
const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** The verdicts the stand-in model gives for one prompt of our judge. */
function fakeVerdicts(user: string): { results: Record<string, unknown>[] } {
  const nonce = /Nonce for this request: ([0-9a-f]+)/.exec(user)?.[1] ?? '';
  const end = `<<<END nonce=${nonce}>>>`;
  const fenced = (open: string, from = 0): { text: string; next: number } | null => {
    const start = user.indexOf(open, from);
    if (start < 0) return null;
    const stop = user.indexOf(end, start);
    return stop < 0 ? null : { text: user.slice(start + open.length, stop), next: stop + end.length };
  };
  const query = words(fenced(`<<<QUERY nonce=${nonce}>>>`)?.text ?? '');
  const results: Record<string, unknown>[] = [];
  for (const match of user.matchAll(new RegExp(`<<<CANDIDATE id=(\\d+) nonce=${nonce}>>>`, 'g'))) {
    const id = Number(match[1]);
    const candidate = fenced(match[0], match.index ?? 0);
    const text = words(candidate?.text ?? '');
    const overlap = query.size === 0 ? 0 : [...query].filter((word) => text.has(word)).length / query.size;
    const score = Math.round(overlap * 1000) / 1000;
    results.push({
      id,
      answerability: score,
      authority: 0.5,
      on_topic: score,
      states_sought_fact: score,
      subject_match: overlap > 0 ? 1 : 0,
      spam: 0,
      prompt_injection: 0,
      is_republisher: false,
    });
  }
  return { results };
}

/**
 * The stand-in's listwise reply to one window of the listwise judge: the passages by word overlap
 * with the query, best first, in the published `[2] > [1]` format (ties keep the window's order).
 */
function fakePermutation(user: string): string {
  const nonce = /Nonce for this request: ([0-9a-f]+)/.exec(user)?.[1] ?? '';
  const end = `<<<END nonce=${nonce}>>>`;
  const queryStart = user.indexOf(`<<<QUERY nonce=${nonce}>>>`);
  const query = words(queryStart < 0 ? '' : user.slice(queryStart, user.indexOf(end, queryStart)));
  const passages = [...user.matchAll(new RegExp(`<<<PASSAGE \\[(\\d+)\\] nonce=${nonce}>>>`, 'g'))].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    const text = words(user.slice(start, user.indexOf(end, start)));
    return { id: Number(match[1]), overlap: [...query].filter((word) => text.has(word)).length };
  });
  return passages
    .sort((a, b) => b.overlap - a.overlap || a.id - b.id)
    .map(({ id }) => `[${id}]`)
    .join(' > ');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOpenAi(model = 'fake-lexical-judge'): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = { baseUrl: '', model, requests: 0, close: async () => undefined };
  const server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      fake.requests += 1;
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const prompt = body.messages.map((m) => m.content).join('\n');
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const content = /<<<PASSAGE \[\d+\] nonce=/.test(user)
        ? fakePermutation(user)
        : JSON.stringify(fakeVerdicts(user));
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${fake.requests}`,
          object: 'chat.completion',
          model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: tokens(prompt.length),
            completion_tokens: tokens(content.length),
            total_tokens: tokens(prompt.length) + tokens(content.length),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
