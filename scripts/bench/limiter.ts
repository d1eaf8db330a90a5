/**
 * What the burst limiter adds to a search's latency. Builds three gateways in this process in front
 * of one instant fake search service: one without a policy store (limiter off), one with the real
 * Redis store (limiter on; its limit set high so every request is admitted and the full admit path
 * is timed), and one on the Redis REST store (a REST endpoint on 127.0.0.1 in front of the same
 * Redis). Requests alternate between the gateways in blocks, so drift hits all alike.
 *
 * Alone: `node scripts/bench/limiter.ts` prints p50/p99 per store and the difference
 * to "off"; writes .bench/limiter.json. BENCH_LIMITER_REQUESTS per store (default 3000), 8 at a time.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, RedisKeyValueStore, RestKeyValueStore } from '@rankgate/platform/stores';
import { startRestRedisDouble } from '@rankgate/platform/testing/stores';
import { fastify } from 'fastify';
import { Pool } from 'undici';

import { buildGatewayApp } from '../../gateway/src/app.ts';
import { GatewayEnvSchema } from '../../gateway/src/config.ts';
import { renderText } from '../eval/report.ts';
import type { LimiterFigures, LimiterSection } from './results.ts';
import { writeScratch } from './results.ts';
import { BENCH_SETTINGS, interrupted, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { percentile, round } from './stats.ts';
import { limiterTable } from './tables.ts';

const CONCURRENCY = 8;
const BLOCK = 250;
const WARMUP_REQUESTS = 200;

export async function measureLimiter(requests: number, redisUrl: string): Promise<LimiterSection> {
  const apiKey = `bench-${randomUUID()}`;
  const silent = createLogger({
    service: 'bench',
    level: 'silent',
    destination: new Writable({ write: (_c, _e, done) => done() }),
  });
  const search = fastify();
  search.get('/v1/search', async () => ({ results: [] }));
  const searchUrl = await search.listen({ host: '127.0.0.1', port: 0 });
  const prefix = `bench-limiter-${randomUUID()}:`;
  const rest = await startRestRedisDouble({ redisUrl });
  const stores: [LimiterFigures['store'], KeyValueStore | undefined][] = [
    ['off', undefined],
    [
      'redis',
      new RedisKeyValueStore({
        redis: createStoreRedisConnection(redisUrl, { name: 'bench-limiter' }),
        keyPrefix: prefix,
        ownsConnection: true,
      }),
    ],
    ['redis-rest', new RestKeyValueStore({ url: rest.url, token: rest.token, keyPrefix: prefix })],
  ];
  const gateways: { store: LimiterFigures['store']; close: () => Promise<void>; pool: Pool; latencies: number[] }[] =
    [];
  try {
    for (const [store, policyStore] of stores) {
      const config = GatewayEnvSchema.parse({
        INTERNAL_TOKEN: 'b'.repeat(48),
        OPERATOR_API_KEY: apiKey,
        SEARCH_SERVICE_URL: searchUrl,
        RATE_LIMIT_PER_MINUTE: String(requests * 10),
        LOG_LEVEL: 'silent',
      });
      const app = await buildGatewayApp({ config, logger: silent, policyStore });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const pool = new Pool(url, { connections: CONCURRENCY });
      gateways.push({
        store,
        pool,
        latencies: [],
        close: async () => {
          await pool.close();
          await app.close();
        },
      });
    }
    const runBlock = async (gateway: (typeof gateways)[number], count: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < count) {
            next += 1;
            const started = performance.now();
            const response = await gateway.pool.request({
              path: '/v1/search?q=bench',
              method: 'GET',
              headers: { 'x-api-key': apiKey },
            });
            await response.body.dump();
            if (response.statusCode !== 200)
              throw new Error(`limiter bench, store ${gateway.store}: HTTP ${response.statusCode}`);
            gateway.latencies.push(performance.now() - started);
          }
        }),
      );
    };
    for (const gateway of gateways) await runBlock(gateway, WARMUP_REQUESTS); // connections, JIT, scripts loaded
    for (const gateway of gateways) gateway.latencies.length = 0;
    for (let done = 0; done < requests; done += BLOCK) {
      interrupted.throwIfAborted();
      for (const gateway of gateways) await runBlock(gateway, Math.min(BLOCK, requests - done));
    }
    const off = gateways[0]?.latencies ?? [];
    return {
      requests,
      concurrency: CONCURRENCY,
      stores: gateways.map(({ store, latencies }) => ({
        store,
        p50Ms: round(percentile(latencies, 50), 3),
        p99Ms: round(percentile(latencies, 99), 3),
        addedP50Ms: round(percentile(latencies, 50) - percentile(off, 50), 3),
        addedP99Ms: round(percentile(latencies, 99) - percentile(off, 99), 3),
      })),
    };
  } finally {
    for (const gateway of gateways) await gateway.close();
    for (const [, store] of stores) await store?.close();
    await rest.close();
    await search.close();
  }
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const section = await measureLimiter(BENCH_SETTINGS.limiterRequests, BENCH_SETTINGS.redisUrl);
  console.log(renderText(limiterTable(section)));
  console.log(`\nwrote ${await writeScratch('limiter', { date: new Date().toISOString(), ...section })}`);
}
