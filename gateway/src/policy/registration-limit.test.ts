import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { parseStructuredList } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, RedisKeyValueStore } from '@rankgate/platform/stores';
import type { CuttableProxy } from '@rankgate/platform/testing/stores';
import { redisUrlForTests, requireRedis, startCuttableProxy } from '@rankgate/platform/testing/stores';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from '../app.ts';
import { testGatewayConfig } from '../test-config.ts';
import { startTestUpstream } from '../test-upstream.ts';

const redisAvailable = await requireRedis();
const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});
const redisPort = Number(new URL(redisUrlForTests()).port || 6379);

let auth: Awaited<ReturnType<typeof startTestUpstream>>;
beforeAll(async () => {
  // Plays the auth-server on the wire: the registration endpoints and a few that are not limited.
  auth = await startTestUpstream((app) => {
    app.post('/agent/identity', async () => ({ registration_id: 'reg_test' }));
    app.post('/agent/identity/claim', async () => ({ status: 'initiated' }));
    app.post('/oauth2/register', async (_request, reply) => reply.code(201).send({ client_id: 'c1' }));
    app.post('/oauth2/token', async (_request, reply) => reply.code(400).send({ error: 'invalid_grant' }));
    app.get('/oauth2/jwks', async () => ({ keys: [] }));
  });
});
afterAll(() => auth.close());

const redisStore = (port: number, keyPrefix = `test-${randomUUID()}:`) =>
  new RedisKeyValueStore({
    redis: createStoreRedisConnection(`redis://127.0.0.1:${port}`, {
      name: 'gateway-registration-test',
      onError: () => undefined,
    }),
    keyPrefix,
    ownsConnection: true,
  });

function gatewayWith(store: KeyValueStore | undefined, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildGatewayApp({
    config: testGatewayConfig({ AUTH_SERVICE_URL: auth.url, ...env }),
    logger: silent,
    policyStore: store,
  });
}

const register = (gateway: FastifyInstance, ip: string, path = '/agent/identity') =>
  gateway.inject({
    method: 'POST',
    url: path,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: path === '/oauth2/register' ? { redirect_uris: ['https://app.example/cb'] } : { type: 'anonymous' },
  });

describe.skipIf(!redisAvailable)('registration limit', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await gatewayWith(redisStore(redisPort), { REGISTRATION_LIMIT_PER_MINUTE: '4' });
  });
  afterAll(() => gateway.close());

  it('counts identities and clients together per address, then answers 429 rate_limited in the OAuth error format', async () => {
    const ip = '198.51.100.21';
    const remaining: number[] = [];
    for (const path of ['/agent/identity', '/oauth2/register', '/agent/identity', '/oauth2/register']) {
      const res = await register(gateway, ip, path);
      expect(res.statusCode, path).toBeLessThan(300);
      expect(parseStructuredList(String(res.headers['ratelimit-policy']))).toEqual([
        { value: 'registration', params: { q: 4, w: 60 } },
      ]);
      remaining.push(Number(parseStructuredList(String(res.headers.ratelimit))[0]?.params.r));
    }
    expect(remaining).toEqual([3, 2, 1, 0]);

    const reached = auth.seen.length;
    for (const path of ['/agent/identity', '/oauth2/register']) {
      const refused = await register(gateway, ip, path);
      expect(refused.statusCode, path).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.json()).toEqual({
        error: 'rate_limited',
        error_description: expect.stringContaining('4 identities or clients per 60 s'),
      });
      const [state] = parseStructuredList(String(refused.headers.ratelimit));
      expect(state?.params.r).toBe(0);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(Number(state?.params.t));
    }
    expect(auth.seen.length).toBe(reached); // refused at the gateway: the auth-server never saw them

    // The same address can still claim, exchange and read keys; another address can still register.
    const claim = await gateway.inject({
      method: 'POST',
      url: '/agent/identity/claim',
      remoteAddress: ip,
      payload: {},
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.headers.ratelimit).toBeUndefined();
    expect(
      (await gateway.inject({ method: 'POST', url: '/oauth2/token', remoteAddress: ip, payload: {} })).statusCode,
    ).toBe(400);
    expect((await gateway.inject({ url: '/oauth2/jwks', remoteAddress: ip })).statusCode).toBe(200);
    expect((await register(gateway, '198.51.100.22')).statusCode).toBe(200);
  });

  it('admits exactly the limit under concurrency', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(gateway, '198.51.100.23', i % 2 ? '/oauth2/register' : '/agent/identity'),
      ),
    );
    expect(results.filter((res) => res.statusCode < 300)).toHaveLength(4);
    expect(results.filter((res) => res.statusCode === 429)).toHaveLength(16);
  });

  it('is off at 0, and off without a policy store', async () => {
    for (const off of [
      await gatewayWith(redisStore(redisPort), { REGISTRATION_LIMIT_PER_MINUTE: '0' }),
      await gatewayWith(undefined),
    ]) {
      try {
        const results = await Promise.all(Array.from({ length: 12 }, () => register(off, '198.51.100.24')));
        expect(results.every((res) => res.statusCode === 200)).toBe(true);
        expect(results[0]?.headers.ratelimit).toBeUndefined();
      } finally {
        await off.close();
      }
    }
  });
});

describe.skipIf(!redisAvailable)('registration limit when the store fails', () => {
  let proxy: CuttableProxy;
  let gateway: FastifyInstance;
  beforeAll(async () => {
    proxy = await startCuttableProxy(redisPort);
    gateway = await gatewayWith(redisStore(proxy.port));
  });
  afterAll(async () => {
    await gateway.close();
    await proxy.close();
  });

  it('refuses registrations with 503 temporarily_unavailable (fail closed) and recovers without a restart', async () => {
    await proxy.cut();
    try {
      const refused = await register(gateway, '198.51.100.25');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => (await register(gateway, '198.51.100.25')).statusCode, { timeout: 5000, interval: 200 })
      .toBe(200);
  });
});
