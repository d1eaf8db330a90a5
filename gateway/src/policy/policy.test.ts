import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { parseStructuredList } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, RedisKeyValueStore, RestKeyValueStore } from '@rankgate/platform/stores';
import type { CuttableProxy, RestRedisDouble } from '@rankgate/platform/testing/stores';
import {
  redisUrlForTests,
  requireRedis,
  startCuttableProxy,
  startRestRedisDouble,
} from '@rankgate/platform/testing/stores';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from '../app.ts';
import { GatewayEnvSchema } from '../config.ts';
import { testGatewayConfig } from '../test-config.ts';
import { startTestUpstream } from '../test-upstream.ts';

const redisAvailable = await requireRedis();
const INTERNAL_TOKEN = 'i'.repeat(48);
const OPERATOR_API_KEY = 'op-key-0123456789abcdef';
const DEMO_API_KEY = 'demo-key-0123456789abcdef';
const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

let services: Awaited<ReturnType<typeof startTestUpstream>>;
let searches = 0;
beforeAll(async () => {
  services = await startTestUpstream((app) => {
    app.get('/v1/search', async () => {
      searches += 1;
      return { ok: true };
    });
    app.get('/api/v1/search', async () => {
      searches += 1;
      return { ok: true };
    });
    app.get('/v1/sandbox', async () => ({ sandbox: true }));
    app.post('/mcp', async () => ({ jsonrpc: '2.0', id: 1, result: {} }));
    // An MCP reply whose tool charged a search: the service sends the fields of its own hit.
    app.post('/mcp/charged', async (_request, reply) =>
      reply.header('ratelimit', '"burst";r=41;t=60').send({ jsonrpc: '2.0', id: 1, result: {} }),
    );
  });
});
afterAll(() => services.close());

function gatewayWith(store: KeyValueStore | undefined, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildGatewayApp({
    config: testGatewayConfig({
      INTERNAL_TOKEN,
      OPERATOR_API_KEY,
      DEMO_API_KEY,
      DEMO_MODE: 'enabled',
      SEARCH_SERVICE_URL: services.url,
      MCP_SERVICE_URL: services.url,
      AUTH_SERVICE_URL: 'http://127.0.0.1:1',
      ...env,
    }),
    logger: silent,
    policyStore: store,
  });
}

const redisStore = (port: number, keyPrefix: string) =>
  new RedisKeyValueStore({
    redis: createStoreRedisConnection(`redis://127.0.0.1:${port}`, {
      name: 'gateway-policy-test',
      onError: () => undefined,
    }),
    keyPrefix,
    ownsConnection: true,
  });
const search = (gateway: FastifyInstance, ip: string, key = OPERATOR_API_KEY, path = '/v1/search?q=x') =>
  gateway.inject({ url: path, remoteAddress: ip, headers: { 'x-api-key': key } });

describe.skipIf(!redisAvailable)('burst limiter on the Redis store', () => {
  let proxy: CuttableProxy;
  let gateway: FastifyInstance;
  beforeAll(async () => {
    proxy = await startCuttableProxy(Number(new URL(redisUrlForTests()).port || 6379));
    gateway = await gatewayWith(redisStore(proxy.port, `test-${randomUUID()}:`), { RATE_LIMIT_PER_MINUTE: '60' });
  });
  afterAll(async () => {
    await gateway.close();
    await proxy.close();
  });

  it('admits exactly 60 of 200 concurrent searches from one IP; the rest get 429 with Retry-After; another IP is unaffected', async () => {
    const before = searches;
    const results = await Promise.all(Array.from({ length: 200 }, () => search(gateway, '198.51.100.1')));
    const admitted = results.filter((res) => res.statusCode === 200);
    const refused = results.filter((res) => res.statusCode === 429);
    expect(admitted).toHaveLength(60);
    expect(refused).toHaveLength(140);
    expect(searches - before).toBe(60);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      const [state] = parseStructuredList(String(res.headers.ratelimit));
      expect(state?.params.r).toBe(0);
      expect(retryAfter).toBeGreaterThanOrEqual(Number(state?.params.t)); // Retry-After never earlier than t
    }
    expect((await search(gateway, '198.51.100.2')).statusCode).toBe(200);
  });

  it('sends RateLimit fields that parse as structured-field Lists and count down per search', async () => {
    const ip = '198.51.100.3';
    const remaining: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await search(gateway, ip, OPERATOR_API_KEY, '/api/v1/search?q=x');
      expect(parseStructuredList(String(res.headers['ratelimit-policy']))).toEqual([
        { value: 'burst', params: { q: 60, w: 60 } },
      ]);
      const [state] = parseStructuredList(String(res.headers.ratelimit));
      expect(state?.value).toBe('burst');
      remaining.push(Number(state?.params.r));
      expect(res.headers['ratelimit-remaining']).toBe(String(state?.params.r));
    }
    expect(remaining).toEqual([59, 58, 57]);
  });

  it('shows the allowance on /health, /v1/* and /mcp without spending it', async () => {
    const ip = '198.51.100.4';
    await search(gateway, ip);
    for (const request of [
      { url: '/health' },
      { url: '/v1/sandbox' },
      { url: '/v1' },
      { method: 'POST' as const, url: '/mcp', payload: {}, headers: { 'x-api-key': OPERATOR_API_KEY } },
    ]) {
      const res = await gateway.inject({ ...request, remoteAddress: ip });
      expect(res.statusCode).toBeLessThan(400);
      expect(parseStructuredList(String(res.headers.ratelimit))[0]?.params.r).toBe(59);
    }
  });

  it('passes on the fields of an MCP reply that charged a search without reading the window again', async () => {
    const store = redisStore(Number(new URL(redisUrlForTests()).port || 6379), `test-${randomUUID()}:`);
    let peeks = 0;
    const peekWindow = store.peekWindow.bind(store);
    store.peekWindow = async (...args) => {
      peeks += 1;
      return peekWindow(...args);
    };
    const counted = await gatewayWith(store);
    try {
      const mcp = (url: string) =>
        counted.inject({ method: 'POST', url, payload: {}, headers: { 'x-api-key': OPERATOR_API_KEY } });
      const charged = await mcp('/mcp/charged');
      expect(charged.headers.ratelimit).toBe('"burst";r=41;t=60');
      expect(peeks).toBe(0);
      // A reply without the fields (initialize, tools/list, a helper tool) gets the current ones.
      expect((await mcp('/mcp')).headers.ratelimit).toBeDefined();
      expect(peeks).toBe(1);
    } finally {
      await counted.close();
      await store.close();
    }
  });

  it('fails closed with 503 while Redis is unreachable, and recovers without a restart', async () => {
    await proxy.cut();
    try {
      const res = await search(gateway, '198.51.100.5');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const health = await gateway.inject({ url: '/health', remoteAddress: '198.51.100.5' });
      expect(health.statusCode).toBe(200); // health answers, just without the fields
      expect(health.headers.ratelimit).toBeUndefined();
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => (await search(gateway, '198.51.100.5')).statusCode, { timeout: 5000, interval: 200 })
      .toBe(200);
  });
});

describe.skipIf(!redisAvailable)('burst limiter on the Redis REST store', () => {
  let rest: RestRedisDouble;
  let gateway: FastifyInstance;
  beforeAll(async () => {
    rest = await startRestRedisDouble({ redisUrl: redisUrlForTests() });
    const store = new RestKeyValueStore({ url: rest.url, token: rest.token, keyPrefix: `test-${randomUUID()}:` });
    gateway = await gatewayWith(store, { RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await gateway.close();
    await rest.close();
  });

  it('admits exactly the limit under concurrency, fails closed when the REST store is down, and recovers', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => search(gateway, '203.0.113.1')));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(5);
    expect(results.filter((res) => res.statusCode === 429)).toHaveLength(15);
    await rest.stop();
    try {
      expect((await search(gateway, '203.0.113.2')).statusCode).toBe(503);
    } finally {
      await rest.restart();
    }
    expect((await search(gateway, '203.0.113.2')).statusCode).toBe(200);
  });
});

describe.skipIf(!redisAvailable)('demo quota', () => {
  const prefix = `test-${randomUUID()}:`;
  const redisPort = Number(new URL(redisUrlForTests()).port || 6379);

  it('allows five demo searches per address across REST surfaces and MCP call-backs, then DEMO_EXHAUSTED, surviving a restart', async () => {
    const ip = '192.0.2.10';
    let gateway = await gatewayWith(redisStore(redisPort, prefix), { DEMO_LIMIT: '5' });
    try {
      expect((await search(gateway, ip, DEMO_API_KEY)).statusCode).toBe(200);
      expect((await search(gateway, ip, DEMO_API_KEY, '/api/v1/search?q=x')).statusCode).toBe(200);
      // The MCP service searching for this client: another socket address, the client named with the internal token.
      const viaMcp = () =>
        gateway.inject({
          url: '/v1/search?q=x',
          remoteAddress: '127.0.0.1',
          headers: {
            authorization: `Bearer ${DEMO_API_KEY}`,
            'x-internal-token': INTERNAL_TOKEN,
            'x-rankgate-client-ip': ip,
          },
        });
      expect((await viaMcp()).statusCode).toBe(200);
      expect((await search(gateway, ip, DEMO_API_KEY)).statusCode).toBe(200);
      expect((await viaMcp()).statusCode).toBe(200);
      const exhausted = await search(gateway, ip, DEMO_API_KEY);
      expect(exhausted.statusCode).toBe(429);
      expect(exhausted.json()).toMatchObject({ code: 'DEMO_EXHAUSTED' });
      expect(exhausted.headers['retry-after']).toBeUndefined();
      // Other credentials and other addresses are not affected.
      expect((await search(gateway, ip, OPERATOR_API_KEY)).statusCode).toBe(200);
      expect((await search(gateway, '192.0.2.11', DEMO_API_KEY)).statusCode).toBe(200);
      // A new gateway process on the same store still remembers.
      await gateway.close();
      gateway = await gatewayWith(redisStore(redisPort, prefix), { DEMO_LIMIT: '5' });
      expect((await search(gateway, ip, DEMO_API_KEY)).json()).toMatchObject({ code: 'DEMO_EXHAUSTED' });
    } finally {
      await gateway.close();
    }
  });

  it('ignores a client address named without the internal token', async () => {
    const gateway = await gatewayWith(redisStore(redisPort, `test-${randomUUID()}:`), { DEMO_LIMIT: '1' });
    try {
      const spoofed = (claimed: string) =>
        gateway.inject({
          url: '/v1/search?q=x',
          remoteAddress: '192.0.2.20',
          headers: { 'x-api-key': DEMO_API_KEY, 'x-rankgate-client-ip': claimed, 'x-internal-token': 'forged' },
        });
      expect((await spoofed('192.0.2.21')).statusCode).toBe(200);
      expect((await spoofed('192.0.2.22')).json()).toMatchObject({ code: 'DEMO_EXHAUSTED' }); // both counted against .20
    } finally {
      await gateway.close();
    }
  });

  it('is off when the limit is 0 or no store is configured', async () => {
    for (const gateway of [
      await gatewayWith(redisStore(redisPort, `test-${randomUUID()}:`), { DEMO_LIMIT: '0' }),
      await gatewayWith(undefined),
    ]) {
      try {
        for (let i = 0; i < 7; i += 1) expect((await search(gateway, '192.0.2.30', DEMO_API_KEY)).statusCode).toBe(200);
      } finally {
        await gateway.close();
      }
    }
  });
});

describe('client address behind a trusted proxy', () => {
  it('reads X-Forwarded-For only from TRUST_PROXY addresses', async () => {
    const seenIp = async (env: Record<string, string>, remoteAddress: string) => {
      const gateway = await gatewayWith(undefined, env);
      try {
        await gateway.inject({ url: '/v1/sandbox', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.77' } });
        return services.seen.at(-1)?.headers['x-rankgate-client-ip'];
      } finally {
        await gateway.close();
      }
    };
    expect(await seenIp({ TRUST_PROXY: '10.0.0.0/8' }, '10.1.2.3')).toBe('203.0.113.77');
    expect(await seenIp({ TRUST_PROXY: '10.0.0.0/8' }, '192.0.2.1')).toBe('192.0.2.1');
    expect(await seenIp({}, '10.1.2.3')).toBe('10.1.2.3');
  });
});

describe('route retirement', () => {
  const day = 86_400_000;
  const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

  it('announces a retiring route with Deprecation, Sunset and Link, and flags it in the OpenAPI description', async () => {
    const gateway = await gatewayWith(undefined, {
      ROUTE_RETIREMENTS: JSON.stringify([
        {
          path: '/v1/sandbox',
          deprecated_at: iso(-10),
          sunset_at: iso(100),
          link: 'https://rankgate.test/docs/versioning.md',
        },
      ]),
    });
    try {
      const res = await gateway.inject('/v1/sandbox');
      expect(res.statusCode).toBe(200);
      const deprecation = String(res.headers.deprecation);
      expect(deprecation).toMatch(/^@-?\d+$/);
      const sunset = String(res.headers.sunset);
      expect(sunset).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Date.parse(sunset) / 1000).toBeGreaterThanOrEqual(Number(deprecation.slice(1)));
      expect(res.headers.link).toContain('rel="deprecation"');
      expect(res.headers.link).toContain('rel="sunset"');
      const openapi = (await gateway.inject('/openapi.json')).json();
      expect(openapi.paths['/v1/sandbox'].get.deprecated).toBe(true);
      expect(openapi.paths['/v1/search'].get.deprecated).toBeUndefined();
      expect((await gateway.inject('/health')).headers.deprecation).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });

  it('answers UNSUPPORTED_VERSION with a hint once the sunset has passed', async () => {
    const gateway = await gatewayWith(undefined, {
      ROUTE_RETIREMENTS: JSON.stringify([
        {
          path: '/v1/sandbox',
          deprecated_at: iso(-200),
          sunset_at: iso(-1),
          link: 'https://rankgate.test/docs/migrate',
        },
      ]),
    });
    try {
      const res = await gateway.inject('/v1/sandbox');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_VERSION',
        hint: expect.stringContaining('https://rankgate.test/docs/migrate'),
      });
    } finally {
      await gateway.close();
    }
  });

  it('refuses at start-up a sunset less than 90 days after the announcement, naming the setting', () => {
    const result = GatewayEnvSchema.safeParse({
      INTERNAL_TOKEN,
      ROUTE_RETIREMENTS: JSON.stringify([
        { path: '/v1/sandbox', deprecated_at: '2027-01-01', sunset_at: '2027-02-01', link: 'https://rankgate.test/x' },
      ]),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toContain('ROUTE_RETIREMENTS');
    expect(result.error?.issues[0]?.message).toContain('90 days');
  });
});
