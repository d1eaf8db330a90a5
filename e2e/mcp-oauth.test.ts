/**
 * MCP with OAuth access tokens through the real gateway, which verifies them (signature, issuer,
 * audience, scopes, token status) against a token issuer speaking the auth-server's wire contract.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SearchResponseSchema } from '@rankgate/shared/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import type { FakeTokenIssuer } from './harness/fake-token-issuer.ts';
import { startFakeTokenIssuer } from './harness/fake-token-issuer.ts';
import { httpClient } from './harness/http.ts';
import type { ConnectedClient } from './harness/mcp-client.ts';
import { connectMcp, MCP_REVISIONS } from './harness/mcp-client.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const textOf = (result: CallToolResult): string => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe.skipIf(plan.mode !== 'local')(suiteTitle('MCP with OAuth access tokens', plan), () => {
  let brave: FakeBrave;
  let issuer: FakeTokenIssuer;
  let target: LocalTarget | undefined;
  const clients: ConnectedClient[] = [];
  const connectWith = async (token: string, revision?: string) => {
    const connected = await connectMcp(target!.baseUrl, { authorization: `Bearer ${token}` }, revision);
    clients.push(connected);
    return connected.client;
  };

  beforeAll(async () => {
    if (plan.mode !== 'local') return;
    brave = await startFakeBrave();
    issuer = await startFakeTokenIssuer(() => target!.baseUrl);
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave', BRAVE_BASE_URL: brave.url, BRAVE_API_KEY: FAKE_BRAVE_KEY, AUTH_SERVICE_URL: issuer.url,
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await target?.stop();
    await issuer?.close();
    await brave?.close();
  });

  it(verifies('MCP-OAUTH-1'), async () => {
    // A claimed identity: mcp:invoke and search:read. Each revision searches.
    const claimed = await issuer.issue('search:read mcp:invoke health:read', 'agent-claimed');
    for (const revision of MCP_REVISIONS) {
      const client = await connectWith(claimed, revision);
      const result = (await client.callTool({ name: 'search_web', arguments: { q: 'ocean tides', k: 2 } })) as CallToolResult;
      expect(result.isError, revision).toBeFalsy();
      expect(SearchResponseSchema.parse(result.structuredContent).results[0]?.domain).toBe('oceanservice.noaa.gov');
    }

    // An unclaimed anonymous identity: mcp:invoke and health:read only.
    const anonymous = await connectWith(await issuer.issue('health:read mcp:invoke', 'agent-anonymous'));
    for (const name of ['search_sandbox', 'service_info', 'explain_signals']) {
      expect(((await anonymous.callTool({ name, arguments: {} })) as CallToolResult).isError, name).toBeFalsy();
    }
    const refused = (await anonymous.callTool({ name: 'search_web', arguments: { q: 'ocean tides' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const guidance = textOf(refused);
    expect(guidance).toContain('FORBIDDEN (HTTP 403)');
    expect(guidance).toContain(`POST ${target!.baseUrl}/agent/identity/claim`);
    expect(guidance).toContain('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(guidance).toContain(`${target!.baseUrl}/auth.md`);

    // A token without mcp:invoke does not reach the MCP server at all.
    const searchOnly = await issuer.issue('search:read', 'agent-rest-only');
    const forbidden = await httpClient(target!.baseUrl).post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      headers: { authorization: `Bearer ${searchOnly}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    });
    expectProblem(forbidden, 403, 'FORBIDDEN');
    expect(forbidden.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="mcp:invoke"');
  });
});
