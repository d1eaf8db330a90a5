/**
 * Access tokens the authorization server never issues, at the real gateway and MCP server: a
 * stand-in issuer signs them with the key the gateway trusts, so only the claims are wrong (another
 * resource, another issuer) or unusual (several audiences). The real issuer's flows are in
 * mcp-oauth.test.ts.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import type { FakeTokenIssuer } from './harness/fake-token-issuer.ts';
import { startFakeTokenIssuer } from './harness/fake-token-issuer.ts';
import { httpClient } from './harness/http.ts';
import type { ConnectedClient } from './harness/mcp-client.ts';
import { connectMcp } from './harness/mcp-client.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();

describe.skipIf(plan.mode !== 'local')(suiteTitle('MCP with misdirected access tokens (stand-in issuer)', plan), () => {
  let brave: FakeBrave;
  let issuer: FakeTokenIssuer;
  let target: LocalTarget | undefined;
  const clients: ConnectedClient[] = [];

  beforeAll(async () => {
    brave = await startFakeBrave();
    issuer = await startFakeTokenIssuer(() => target!.baseUrl);
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
      AUTH_SERVICE_URL: issuer.url,
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

  it(verifies('MCP-OAUTH-4'), async () => {
    const base = target!.baseUrl;
    const mcp = (token: string) =>
      httpClient(base).post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
      });
    const scope = 'search:read mcp:invoke health:read';
    for (const [label, claims] of [
      ['another resource', { audience: 'https://elsewhere.example/mcp' }],
      ['our path on another origin', { audience: 'https://elsewhere.example/' }],
      ['another issuer', { issuer: 'https://elsewhere.example' }],
    ] as const) {
      const refused = await mcp(await issuer.issue(scope, claims));
      expectProblem(refused, 401, 'UNAUTHORIZED');
      expect(refused.headers.get('www-authenticate'), label).toBe(
        `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", error="invalid_token"`,
      );
    }

    // A token for both resources is good on both; the search goes through the MCP server once.
    const both = await issuer.issue(scope, { audience: [`${base}/mcp`, `${base}/`] });
    const connected = await connectMcp(base, { authorization: `Bearer ${both}` });
    clients.push(connected);
    const result = (await connected.client.callTool({
      name: 'search_web',
      arguments: { q: 'ocean tides', k: 2 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(
      (await httpClient(base).get('/v1/search?q=ocean+tides', { headers: { authorization: `Bearer ${both}` } })).status,
    ).toBe(200);
  });
});
