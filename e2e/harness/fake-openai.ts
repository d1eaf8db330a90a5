/**
 * A stand-in for an OpenAI-compatible chat-completions server on 127.0.0.1 (`POST
 * /chat/completions`, `{choices: [{message: {content}, finish_reason}], usage}`), acting as the
 * LLM judge. It scores every candidate the prompt fences, and can be switched into a failure mode
 * mid-test to see how the service degrades and recovers.
 */
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type JudgeMode = 'good' | 'error-500' | 'hang' | 'garbage';

export interface FakeOpenAi {
  url: string;
  setMode(mode: JudgeMode): void;
  /** Requests received, per mode. */
  calls: Record<JudgeMode, number>;
  close(): Promise<void>;
}

const FENCE = /<<<CANDIDATE id=(\d+) nonce=[0-9a-f]+>>>/g;

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let mode: JudgeMode = 'good';
  const calls: Record<JudgeMode, number> = { good: 0, 'error-500': 0, hang: 0, garbage: 0 };
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      calls[mode] += 1;
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode === 'error-500') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        return;
      }
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>');
        return;
      }
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      const prompt = body.messages.map((message) => message.content).join('\n');
      const results = [...prompt.matchAll(FENCE)].map((match) => ({
        id: Number(match[1]),
        answerability: 0.8,
        authority: 0.7,
        on_topic: 0.9,
        states_sought_fact: 0.6,
        subject_match: 1,
        spam: 0,
        prompt_injection: 0,
        is_republisher: false,
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          model: 'fake-judge',
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify({ results }) } },
          ],
          usage: { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: 20 * results.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    setMode: (next) => {
      mode = next;
      if (next !== 'hang') for (const res of hanging) res.destroy();
    },
    calls,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
