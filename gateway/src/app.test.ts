import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from './app.ts';
import type { SeenRequest } from './test-upstream.ts';
import { testGatewayConfig } from './test-config.ts';
import { startTestUpstream } from './test-upstream.ts';

const INTERNAL_TOKEN = 'i'.repeat(48);
const OPERATOR_API_KEY = 'op-key-0123456789abcdef';
const BASE_URL = 'https://rankgate.test';
const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

let gateway: FastifyInstance;
let search: Awaited<ReturnType<typeof startTestUpstream>>;
let searchHits503 = 0; // how often the fake search service was asked for its 503

beforeAll(async () => {
  search = await startTestUpstream((app) => {
    app.get('/v1/sandbox', async () => ({ ok: 'sandbox' }));
    app.get('/v1/search', async (request) => ({ query: request.query }));
    app.get('/api/v1/search', async (_request, reply) => {
      searchHits503 += 1;
      return reply.code(503).type('application/problem+json').send({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    });
    app.get('/v1/search/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 4000)));
  });
  gateway = await buildGatewayApp({
    config: testGatewayConfig({
      BASE_URL,
      INTERNAL_TOKEN,
      OPERATOR_API_KEY,
      SEARCH_SERVICE_URL: search.url,
      AUTH_SERVICE_URL: 'http://127.0.0.1:1', // nothing listens on port 1: the auth service is "down"
      MCP_SERVICE_URL: 'http://127.0.0.1:1',
      UPSTREAM_TIMEOUT_MS: '300',
      UPSTREAM_CONNECTIONS: '4',
    }),
    logger: silent,
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway.close();
  await search.close();
});

const lastSeen = (): SeenRequest => search.seen.at(-1)!;

describe('gateway documents', () => {
  it('answers /health with the build version', async () => {
    const res = await gateway.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, service_version: expect.any(String) });
  });

  it('answers /v1 and /api with the same discovery document', async () => {
    const v1 = await gateway.inject('/v1');
    const api = await gateway.inject('/api');
    expect(v1.json()).toEqual(api.json());
    expect(v1.json().links.search.href).toBe(`${BASE_URL}/v1/search`);
    expect(v1.json().version).toBe((await gateway.inject('/health')).json().service_version);
  });

  it('serves a human page for each problem type and the versioning policy', async () => {
    const page = await gateway.inject('/errors/validation-error');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('VALIDATION_ERROR');
    expect((await gateway.inject('/errors/bogus')).json().code).toBe('NOT_FOUND');
    const policy = await gateway.inject('/docs/versioning.md');
    expect(policy.statusCode).toBe(200);
    expect(policy.body).toContain('UNSUPPORTED_VERSION');
  });
});

describe('versions and unknown paths', () => {
  it.each(['/v2', '/v2/search', '/api/v3/search', '/v0'])(
    '%s → UNSUPPORTED_VERSION with a hint to the policy',
    async (path) => {
      const res = await gateway.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_VERSION',
        type: `${BASE_URL}/errors/unsupported-version`,
        instance: path,
      });
      expect(res.json().hint).toContain('/docs/versioning.md');
    },
  );

  it.each(['/nope', '/v1/nope'])('%s → NOT_FOUND', async (path) => {
    expect((await gateway.inject(path)).json().code).toBe('NOT_FOUND');
  });

  it('answers a wrong method on a proxied path with 405 and Allow', async () => {
    const res = await gateway.inject({ method: 'DELETE', url: '/v1/sandbox' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('credentials on search', () => {
  const challenge = `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`;

  it('answers 401 with the protected-resource metadata when no credential is sent', async () => {
    const seenBefore = search.seen.length;
    const res = await gateway.inject('/v1/search?q=tides');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(challenge);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', instance: '/v1/search' });
    expect(search.seen.length).toBe(seenBefore);
  });

  it.each([
    ['a wrong X-API-Key', { 'x-api-key': 'not-the-key-000000' }],
    ['a wrong bearer', { authorization: 'Bearer nope' }],
    ['a key with a suffix', { 'x-api-key': `${OPERATOR_API_KEY}x` }],
  ])('answers 401 invalid_token for %s', async (_label, headers) => {
    const res = await gateway.inject({ url: '/api/v1/search?q=tides', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(`${challenge}, error="invalid_token"`);
  });

  it('keeps the sandbox public', async () => {
    expect((await gateway.inject('/v1/sandbox')).statusCode).toBe(200);
  });
});

describe('proxying to services', () => {
  it('forwards path and query, adds the internal token, request id and client IP', async () => {
    const res = await fetch(`${gatewayUrl()}/v1/search?q=tides&k=3`, {
      headers: { 'x-request-id': 'caller-req-0001', 'x-api-key': OPERATOR_API_KEY },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ query: { q: 'tides', k: '3' } });
    expect(res.headers.get('x-request-id')).toBe('caller-req-0001');
    expect(lastSeen().headers).toMatchObject({
      'x-internal-token': INTERNAL_TOKEN,
      'x-request-id': 'caller-req-0001',
      'x-rankgate-client-ip': '127.0.0.1',
    });
  });

  it('drops internal headers a caller tries to spoof', async () => {
    await fetch(`${gatewayUrl()}/v1/sandbox`, {
      headers: { 'x-internal-token': 'forged', 'x-rankgate-client-ip': '6.6.6.6', 'x-rankgate-scopes': 'all' },
    });
    const headers = lastSeen().headers;
    expect(headers['x-internal-token']).toBe(INTERNAL_TOKEN);
    expect(headers['x-rankgate-client-ip']).toBe('127.0.0.1');
    expect(headers['x-rankgate-scopes']).toBeUndefined();
  });

  it("relays a service's own 503 once, without retrying it", async () => {
    searchHits503 = 0;
    const res = await fetch(`${gatewayUrl()}/api/v1/search?q=x`, {
      headers: { authorization: `Bearer ${OPERATOR_API_KEY}` },
    });
    expect(res.status).toBe(503);
    expect(searchHits503).toBe(1);
  });

  it('answers 503 SERVICE_UNAVAILABLE problem+json when a service is down', async () => {
    for (const path of ['/oauth2/token', '/mcp', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(`${gatewayUrl()}${path}`, {
        method: path === '/.well-known/oauth-authorization-server' ? 'GET' : 'POST',
        headers: { 'x-api-key': OPERATOR_API_KEY },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, instance: path });
    }
    // …and keeps serving the others.
    expect((await fetch(`${gatewayUrl()}/v1/sandbox`)).status).toBe(200);
  });

  it('answers 504 UPSTREAM_TIMEOUT when a service is too slow', async () => {
    const started = Date.now();
    const res = await fetch(`${gatewayUrl()}/v1/search/slow`, { headers: { 'x-api-key': OPERATOR_API_KEY } });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    // The service answers after 4 s; the gateway gives up at its 300 ms timeout (undici's timers are coarse).
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

function gatewayUrl(): string {
  const address = gateway.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway is not listening');
  return `http://127.0.0.1:${address.port}`;
}
