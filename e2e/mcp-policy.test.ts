/**
 * MCP under the gateway's policy (split topology with Redis): authentication of /mcp, and
 * search_web counted once, against the real client, by the burst limiter and the demo quota.
 * 127.0.0.1 is a trusted proxy here, so each test client names its address in X-Forwarded-For.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import { httpClient } from './harness/http.ts';
import type { ConnectedClient } from './harness/mcp-client.ts';
import { connectMcp } from './harness/mcp-client.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const DEMO_API_KEY = 'demo-e2e-mcp-published-key-0001';
const LIMIT = 4;
const HELPERS = ['search_sandbox', 'service_info', 'explain_signals'];
const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe.skipIf(plan.mode !== 'local')(suiteTitle('MCP under the gateway policy (Redis)', plan), () => {
  let brave: FakeBrave;
  let target: LocalTarget | undefined;
  const clients: ConnectedClient[] = [];

  const mcpFrom = async (ip: string, credential: Record<string, string>) => {
    const connected = await connectMcp(target!.baseUrl, { ...credential, 'x-forwarded-for': ip });
    clients.push(connected);
    return connected.client;
  };
  const search = async (client: ConnectedClient['client'], q = 'ocean tides') =>
    (await client.callTool({ name: 'search_web', arguments: { q, k: 2 } })) as CallToolResult;

  beforeAll(async () => {
    if (plan.mode !== 'local') return;
    brave = await startFakeBrave();
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      TRUST_PROXY: '127.0.0.1',
      DEMO_MODE: 'enabled',
      DEMO_API_KEY,
      DEMO_LIMIT: '2',
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await target?.stop();
    await brave?.close();
  });

  it(verifies('MCP-AUTH-1'), async () => {
    const http = httpClient(target!.baseUrl, {
      defaultHeaders: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const anonymous = await http.post('/mcp', body);
    expectProblem(anonymous, 401, 'UNAUTHORIZED');
    expect(anonymous.headers.get('www-authenticate')).toContain(
      `resource_metadata="${target!.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    const invalid = await http.post('/.well-known/mcp', body, {
      headers: { authorization: 'Bearer not-a-valid-token' },
    });
    expectProblem(invalid, 401, 'UNAUTHORIZED');
    expect(invalid.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await http.get('/mcp/server-card')).status).toBe(200);
    expect((await http.get('/.well-known/mcp/server-card.json')).status).toBe(200);
  });

  it(verifies('MCP-LIMIT-1'), async () => {
    const client = await mcpFrom('198.51.100.21', operatorHeaders(target!));
    // Connecting, listing and the helper tools are MCP requests, not searches.
    await client.listTools();
    for (const name of [...HELPERS, ...HELPERS])
      expect(((await client.callTool({ name, arguments: {} })) as CallToolResult).isError, name).toBeFalsy();

    const rest = httpClient(target!.baseUrl, {
      defaultHeaders: { ...operatorHeaders(target!), 'x-forwarded-for': '198.51.100.21' },
    });
    for (let i = 0; i < LIMIT / 2; i += 1) expect((await search(client)).isError).toBeFalsy();
    for (let i = 0; i < LIMIT / 2; i += 1) expect((await rest.get('/v1/search?q=ocean+tides&k=2')).status).toBe(200);

    const limited = await search(client);
    expect(limited.isError).toBe(true);
    expect(textOf(limited)).toMatch(/RATE_LIMITED \(HTTP 429\)[\s\S]*Retry after \d+ s\./);
    expectProblem(await rest.get('/v1/search?q=ocean+tides&k=2'), 429, 'RATE_LIMITED');

    // Counted against the client, not against the mcp service's own address.
    const other = await mcpFrom('198.51.100.22', operatorHeaders(target!));
    expect((await search(other)).isError).toBeFalsy();
  });

  it(verifies('MCP-DEMO-1'), async () => {
    const demo = { authorization: `Bearer ${DEMO_API_KEY}` };
    const client = await mcpFrom('198.51.100.31', demo);
    for (const name of HELPERS)
      expect(((await client.callTool({ name, arguments: {} })) as CallToolResult).isError, name).toBeFalsy();
    expect((await search(client, 'ocean tides one')).isError).toBeFalsy();
    const rest = httpClient(target!.baseUrl, { defaultHeaders: { ...demo, 'x-forwarded-for': '198.51.100.31' } });
    expect((await rest.get('/v1/search?q=ocean+tides+two')).status).toBe(200);

    const exhausted = await search(client, 'ocean tides three');
    expect(exhausted.isError).toBe(true);
    expect(textOf(exhausted)).toContain('DEMO_EXHAUSTED (HTTP 429)');
    expect(textOf(exhausted)).not.toContain('Retry after');
    // The helper tools keep working for an exhausted address.
    expect(((await client.callTool({ name: 'search_sandbox', arguments: {} })) as CallToolResult).isError).toBeFalsy();
  });
});
