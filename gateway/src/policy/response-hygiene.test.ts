import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from '../app.ts';
import { testGatewayConfig } from '../test-config.ts';
import { startTestUpstream } from '../test-upstream.ts';

const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});
let gateway: FastifyInstance;
let services: Awaited<ReturnType<typeof startTestUpstream>>;

beforeAll(async () => {
  services = await startTestUpstream((app) => {
    app.get('/v1/sandbox', async () => ({ ok: true }));
    app.get('/oauth2/authorize', async (_request, reply) =>
      reply.type('text/html').header('content-security-policy', "default-src 'self'").send('<p>consent</p>'),
    );
  });
  gateway = await buildGatewayApp({
    config: testGatewayConfig({
      SEARCH_SERVICE_URL: services.url,
      AUTH_SERVICE_URL: services.url,
      MCP_SERVICE_URL: services.url,
    }),
    logger: silent,
  });
});
afterAll(async () => {
  await gateway.close();
  await services.close();
});

describe('response hygiene', () => {
  it('sends nosniff, no-referrer, DENY framing and a locked-down CSP on API responses and problems', async () => {
    for (const path of ['/health', '/v1/sandbox', '/nope']) {
      const res = await gateway.inject(path);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
    }
  });

  it('gives HTML pages a CSP with frame-ancestors none, and keeps a policy a service chose itself', async () => {
    expect((await gateway.inject('/errors/not-found')).headers['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );
    expect((await gateway.inject('/oauth2/authorize')).headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('lets browsers on other origins call the REST API with header credentials (CORS), not the OAuth or MCP endpoints', async () => {
    const preflight = await gateway.inject({
      method: 'OPTIONS',
      url: '/v1/search',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    const res = await gateway.inject({ url: '/v1/sandbox', headers: { origin: 'https://agent.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('RateLimit');
    expect((await gateway.inject('/oauth2/authorize')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request bodies', () => {
  it('refuses a declared body over 64 KB with 413 before authenticating or proxying', async () => {
    const seen = services.seen.length;
    const res = await gateway.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ q: 'x'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(services.seen.length).toBe(seen);
  });
});
