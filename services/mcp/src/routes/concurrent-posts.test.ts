/**
 * One MCP server answers every POST: concurrent calls must stay apart (each its caller, its reply, its id), and
 * nothing one client sends may reach another client's call. Against the real app over a socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ANONYMOUS_TOKEN, OPERATOR_KEY } from '../testing/fake-gateway.ts';
import type { McpTestApp } from '../testing/mcp-test-app.ts';
import { postMcp, startMcpTestApp } from '../testing/mcp-test-app.ts';

interface Reply {
  id: unknown;
  result?: { isError?: boolean; structuredContent?: { meta?: { query?: string } }; content?: { text: string }[] };
  error?: { code: number };
}

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp({}, { slowMs: 400 });
});
afterAll(async () => {
  await t?.close();
});

const searchCall = (id: unknown, q: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_web', arguments: { q } },
});

const reply = async (pending: Promise<Response>): Promise<Reply> => (await (await pending).json()) as Reply;

describe('concurrent POSTs on one server', () => {
  it('calls with the same JSON-RPC id get their own caller and reply', async () => {
    const [slow, refused, fast] = await Promise.all([
      reply(postMcp(t.url, searchCall(1, 'slow'), { 'x-api-key': OPERATOR_KEY })),
      reply(postMcp(t.url, searchCall(1, 'ocean tides'), { authorization: `Bearer ${ANONYMOUS_TOKEN}` })),
      reply(postMcp(t.url, searchCall(1, 'ocean tides'), { 'x-api-key': OPERATOR_KEY })),
    ]);
    expect(slow).toMatchObject({ id: 1, result: { structuredContent: { meta: { query: 'slow' } } } });
    expect(slow.result?.isError).toBeFalsy();
    expect(refused).toMatchObject({ id: 1, result: { isError: true } });
    expect(refused.result?.content?.[0]?.text).toContain('search:read');
    expect(fast).toMatchObject({ id: 1, result: { structuredContent: { meta: { query: 'ocean tides' } } } });
  });

  it("a client's cancellation cannot reach another POST's call, whatever id it names", async () => {
    const pending = reply(postMcp(t.url, searchCall('mine', 'slow'), { 'x-api-key': OPERATOR_KEY }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const named = ['mine', ...Array.from({ length: 200 }, (_, i) => i)];
    const answers = await Promise.all(
      named.map((requestId) =>
        postMcp(
          t.url,
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } },
          { 'x-api-key': OPERATOR_KEY },
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 202)).toBe(true);
    const answered = await pending;
    expect(answered).toMatchObject({ id: 'mine', result: { structuredContent: { meta: { query: 'slow' } } } });
    expect(t.gateway.searches().filter((c) => (c.body as { q?: string }).q === 'slow' && c.aborted)).toHaveLength(0);
  });

  it('a batch is answered in the order of its requests, with the ids the client chose, repeated ones too', async () => {
    const response = await postMcp(
      t.url,
      [
        { jsonrpc: '2.0', id: 'b', method: 'tools/list' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'a', method: 'ping' },
        { jsonrpc: '2.0', id: 'a', method: 'no/such-method' },
      ],
      { 'mcp-protocol-version': '2025-03-26' },
    );
    expect(response.status).toBe(200);
    const replies = (await response.json()) as Reply[];
    expect(replies.map((r) => r.id)).toEqual(['b', 'a', 'a']);
    expect(replies[0]?.result).toHaveProperty('tools');
    expect(replies[1]).toMatchObject({ result: {} });
    expect(replies[2]?.error?.code).toBe(-32601);
  });
});
