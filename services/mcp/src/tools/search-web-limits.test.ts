import { randomUUID } from 'node:crypto';

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createDemoAllowance } from '@rankgate/platform/limits';
import { createStoreRedisConnection, RedisKeyValueStore } from '@rankgate/platform/stores';
import { redisUrlForTests, requireRedis } from '@rankgate/platform/testing/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_KEY, OPERATOR_KEY } from '../testing/fake-gateway.ts';
import type { McpTestApp } from '../testing/mcp-test-app.ts';
import { CLIENT_IP, postMcp, sseMessages, startMcpTestApp } from '../testing/mcp-test-app.ts';

const redisAvailable = await requireRedis();

const storeWithPrefix = (keyPrefix: string) =>
  new RedisKeyValueStore({
    redis: createStoreRedisConnection(redisUrlForTests(), { name: 'mcp-limits-test', onError: () => undefined }),
    keyPrefix,
    ownsConnection: true,
  });

async function searchWeb(
  t: McpTestApp,
  credential: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<CallToolResult> {
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_web', arguments: { q: 'ocean tides' } },
  };
  const response = await postMcp(t.url, message, { ...credential, ...headers });
  const text = await response.text();
  const body = (
    response.headers.get('content-type')?.startsWith('text/event-stream') ? sseMessages(text).at(-1) : JSON.parse(text)
  ) as { result: CallToolResult };
  return body.result;
}
const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe.skipIf(!redisAvailable)('search_web charges the shared search limits (Redis policy store)', () => {
  const keyPrefix = `test-mcp-limits-${randomUUID()}:`;
  const store = storeWithPrefix(keyPrefix);
  let t: McpTestApp;
  beforeAll(async () => {
    t = await startMcpTestApp({ RATE_LIMIT_PER_MINUTE: 3, DEMO_LIMIT: 2 }, {}, store);
  });
  afterAll(async () => {
    await t?.close();
    await store.close();
  });

  it('counts the demo allowance on the same key as REST: a search the gateway charged leaves one, then DEMO_EXHAUSTED', async () => {
    const ip = '198.51.100.21';
    // What the gateway's demo stage does for a REST search from this address.
    await createDemoAllowance({ store, limit: 2 }).spend(ip, () => undefined);
    const before = t.gateway.searches().length;
    const first = await searchWeb(t, { 'x-api-key': DEMO_KEY }, { 'x-rankgate-client-ip': ip });
    expect(first.isError).toBeFalsy();
    const second = await searchWeb(t, { 'x-api-key': DEMO_KEY }, { 'x-rankgate-client-ip': ip });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toContain('DEMO_EXHAUSTED (HTTP 429): This address has used its 2 demo searches.');
    // The refused search never reached the search service.
    expect(t.gateway.searches().length).toBe(before + 1);
  });

  it('refuses a burst over the window per client address with RATE_LIMITED and when to retry; the operator key is not exempt', async () => {
    const results: CallToolResult[] = [];
    for (let i = 0; i < 4; i += 1)
      results.push(await searchWeb(t, { 'x-api-key': OPERATOR_KEY }, { 'x-rankgate-client-ip': '198.51.100.22' }));
    expect(results.slice(0, 3).map((r) => r.isError ?? false)).toEqual([false, false, false]);
    expect(results[3]!.isError).toBe(true);
    expect(textOf(results[3]!)).toMatch(
      /RATE_LIMITED \(HTTP 429\): This address may make 3 searches per 60 s[^]*Retry after \d+ s\./,
    );
    // Another address has its own window.
    expect((await searchWeb(t, { 'x-api-key': OPERATOR_KEY })).isError).toBeFalsy();
    expect(await store.peekWindow(`limit:burst:${CLIENT_IP}`, { limit: 3, windowMs: 60_000 })).toMatchObject({
      remaining: 2,
    });
  });

  it('sends the RateLimit fields of its own hit on the HTTP reply, so the gateway need not read the window again', async () => {
    const ip = '198.51.100.23';
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_web', arguments: { q: 'ocean tides' } },
    };
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await postMcp(t.url, message, { 'x-api-key': OPERATOR_KEY, 'x-rankgate-client-ip': ip });
      await response.text();
      remaining.push(response.headers.get('ratelimit-remaining'));
      expect(response.headers.get('retry-after')).toBeNull();
    }
    // Three admitted (2, 1, 0 left), then the refused one still shows the window.
    expect(remaining).toEqual(['2', '1', '0', '0']);
  });

  it('fails closed when the store is gone: SERVICE_UNAVAILABLE, and no search', async () => {
    const closed = storeWithPrefix(`${keyPrefix}closed:`);
    await closed.close();
    const down = await startMcpTestApp({}, {}, closed);
    try {
      const result = await searchWeb(down, { 'x-api-key': OPERATOR_KEY });
      expect(textOf(result)).toContain('SERVICE_UNAVAILABLE (HTTP 503)');
      expect(down.gateway.searches()).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});
