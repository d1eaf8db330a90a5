import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from '../app.ts';
import { startTestAuthServer } from '../auth/test-auth-server.ts';
import { testGatewayConfig } from '../test-config.ts';
import { startTestUpstream } from '../test-upstream.ts';

const INTERNAL_TOKEN = 'i'.repeat(48);
const OPERATOR_API_KEY = 'op-key-0123456789abcdef';
const DEMO_API_KEY = 'demo-key-0123456789abcdef';
const BASE_URL = 'https://rankgate.test';
const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

let gateway: FastifyInstance;
let auth: Awaited<ReturnType<typeof startTestAuthServer>>;
let services: Awaited<ReturnType<typeof startTestUpstream>>;

beforeAll(async () => {
  auth = await startTestAuthServer(BASE_URL);
  services = await startTestUpstream((app) => {
    app.get('/v1/search', async () => ({ searched: true }));
    app.post('/mcp', async () => ({ jsonrpc: '2.0', id: 1, result: {} }));
  });
  gateway = await buildGatewayApp({
    config: testGatewayConfig({
      BASE_URL,
      INTERNAL_TOKEN,
      OPERATOR_API_KEY,
      DEMO_API_KEY,
      DEMO_MODE: 'enabled',
      SEARCH_SERVICE_URL: services.url,
      AUTH_SERVICE_URL: auth.url,
      MCP_SERVICE_URL: services.url,
    }),
    logger: silent,
  });
});
afterAll(async () => {
  await gateway.close();
  await services.close();
  await auth.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('scopes at the gateway', () => {
  it('passes a token holding search:read to the search service', async () => {
    const { token } = await auth.issue({ scope: 'search:read' });
    const res = await gateway.inject({ url: '/v1/search?q=x', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ searched: true });
  });

  it('answers 403 FORBIDDEN with insufficient_scope to a token without search:read (an unclaimed agent)', async () => {
    const { token } = await auth.issue({ scope: 'health:read mcp:invoke' });
    const seen = services.seen.length;
    const res = await gateway.inject({ url: '/api/v1/search?q=x', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      detail: 'Insufficient scope: this endpoint needs search:read.',
    });
    expect(res.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource", error="insufficient_scope", scope="search:read"`,
    );
    expect(services.seen.length).toBe(seen);
  });

  it('lets that same token into /mcp (mcp:invoke), and refuses a search-only token there with the MCP metadata URL', async () => {
    const anonymous = await auth.issue({ scope: 'health:read mcp:invoke' });
    expect(
      (await gateway.inject({ method: 'POST', url: '/mcp', headers: bearer(anonymous.token), payload: {} })).statusCode,
    ).toBe(200);
    const searchOnly = await auth.issue({ scope: 'search:read' });
    const res = await gateway.inject({ method: 'POST', url: '/mcp', headers: bearer(searchOnly.token), payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain(
      `resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('answers 401 on /mcp without a credential, pointing at the MCP resource metadata', async () => {
    const res = await gateway.inject({ method: 'POST', url: '/.well-known/mcp', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('accepts the operator key and the demo key on search and MCP', async () => {
    for (const key of [OPERATOR_API_KEY, DEMO_API_KEY]) {
      expect((await gateway.inject({ url: '/v1/search?q=x', headers: { 'x-api-key': key } })).statusCode).toBe(200);
      expect(
        (await gateway.inject({ method: 'POST', url: '/mcp', headers: bearer(key), payload: {} })).statusCode,
      ).toBe(200);
    }
  });

  it('checks the audience against the route: an MCP token works on /mcp, never on the REST API', async () => {
    const { token } = await auth.issue({ scope: 'search:read mcp:invoke', aud: `${BASE_URL}/mcp` });
    expect(
      (await gateway.inject({ method: 'POST', url: '/mcp', headers: bearer(token), payload: {} })).statusCode,
    ).toBe(200);
    const direct = await gateway.inject({ url: '/v1/search?q=x', headers: bearer(token) });
    expect(direct.statusCode).toBe(401);
    expect(direct.headers['www-authenticate']).toContain('error="invalid_token"');
    // Not even with the internal token: the MCP service no longer calls back through the gateway, so
    // the REST API accepts only the audience its resource metadata names ({base_url}/).
    const internal = await gateway.inject({
      url: '/v1/search?q=x',
      headers: { ...bearer(token), 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(internal.statusCode).toBe(401);
    expect(internal.headers['www-authenticate']).toContain('error="invalid_token"');
    // The origin-wide audience is good on both; a foreign one on neither.
    const origin = await auth.issue({ scope: 'search:read mcp:invoke' });
    expect(
      (await gateway.inject({ method: 'POST', url: '/mcp', headers: bearer(origin.token), payload: {} })).statusCode,
    ).toBe(200);
    const foreign = await auth.issue({ scope: 'search:read mcp:invoke', aud: 'https://elsewhere.test/mcp' });
    expect(
      (await gateway.inject({ method: 'POST', url: '/mcp', headers: bearer(foreign.token), payload: {} })).statusCode,
    ).toBe(401);
  });

  it('answers 401 invalid_token once the token is revoked', async () => {
    const { token, jti } = await auth.issue({ scope: 'search:read' });
    expect((await gateway.inject({ url: '/v1/search?q=x', headers: bearer(token) })).statusCode).toBe(200);
    auth.revoke(jti);
    const res = await gateway.inject({ url: '/v1/search?q=x', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it.each([
    ['answers 500', true],
    ['answers 200 with a body outside the token-status contract', 'malformed'],
  ] as const)(
    'fails closed with 503 when the token-status check %s, and never leaks the token',
    async (_case, mode) => {
      const { token } = await auth.issue({ scope: 'search:read' });
      auth.failTokenStatus(mode);
      try {
        const res = await gateway.inject({ url: '/v1/search?q=x', headers: bearer(token) });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect(res.body).not.toContain(token);
      } finally {
        auth.failTokenStatus(false);
      }
    },
  );
});
