/**
 * What the burst limiter adds to a search's latency. Builds two gateways in this process in front
 * of one instant fake search service: one without a policy store (limiter off) and one with the
 * real Redis store (limiter on; its limit set high so every request is admitted and the full
 * admit path is timed), plus one on the Redis REST store (a REST endpoint on 127.0.0.1 in front
 * of the same Redis). Requests alternate between the gateways in blocks, so drift hits all alike.
 *
 * Prints p50/p99 per configuration and the difference to "off"; writes .bench/limiter.json.
 * BENCH_REQUESTS (default 3000 per configuration), BENCH_CONCURRENCY (default 8).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/shared/logger';
import type { KeyValueStore } from '@rankgate/shared/stores';
import { createStoreRedisConnection, RedisKeyValueStore, RestKeyValueStore } from '@rankgate/shared/stores';
import { startRestRedisDouble } from '@rankgate/shared/stores/testing';
import { fastify } from 'fastify';
import { Pool } from 'undici';

import { REPO_ROOT } from '../../bin/split-topology.ts';
import { buildGatewayApp } from '../../gateway/src/app.ts';
import { GatewayEnvSchema } from '../../gateway/src/config.ts';
import { round } from './report.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS || 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const BLOCK = 250;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const API_KEY = `bench-${randomUUID()}`;
const silent = createLogger({ service: 'bench', level: 'silent', destination: new Writable({ write: (_c, _e, done) => done() }) });

const search = fastify();
search.get('/v1/search', async () => ({ results: [] }));
const searchUrl = await search.listen({ host: '127.0.0.1', port: 0 });
const prefix = `bench-limiter-${randomUUID()}:`;
const rest = await startRestRedisDouble({ redisUrl: REDIS_URL });

const stores: Record<string, KeyValueStore | undefined> = {
  off: undefined,
  redis: new RedisKeyValueStore({ redis: createStoreRedisConnection(REDIS_URL, { name: 'bench-limiter' }), keyPrefix: prefix, ownsConnection: true }),
  'redis-rest': new RestKeyValueStore({ url: rest.url, token: rest.token, keyPrefix: prefix }),
};

const gateways = await Promise.all(Object.entries(stores).map(async ([name, store]) => {
  const config = GatewayEnvSchema.parse({
    INTERNAL_TOKEN: 'b'.repeat(48), OPERATOR_API_KEY: API_KEY, SEARCH_SERVICE_URL: searchUrl,
    RATE_LIMIT_PER_MINUTE: String(REQUESTS * 10), LOG_LEVEL: 'silent',
  });
  const app = await buildGatewayApp({ config, logger: silent, policyStore: store });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { name, app, pool: new Pool(url, { connections: CONCURRENCY }), latencies: [] as number[] };
}));

async function runBlock(gateway: (typeof gateways)[number], count: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await gateway.pool.request({ path: '/v1/search?q=bench', method: 'GET', headers: { 'x-api-key': API_KEY } });
      await response.body.dump();
      if (response.statusCode !== 200) throw new Error(`${gateway.name}: HTTP ${response.statusCode}`);
      gateway.latencies.push(performance.now() - started);
    }
  }));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  for (const gateway of gateways) await runBlock(gateway, 200); // warm-up: connections, JIT, scripts loaded
  for (const gateway of gateways) gateway.latencies.length = 0;
  for (let done = 0; done < REQUESTS; done += BLOCK) {
    for (const gateway of gateways) await runBlock(gateway, Math.min(BLOCK, REQUESTS - done));
  }
  const off = gateways[0];
  const figures = gateways.map(({ name, latencies }) => ({
    store: name,
    p50_ms: round(percentile(latencies, 50), 3),
    p99_ms: round(percentile(latencies, 99), 3),
    added_p50_ms: round(percentile(latencies, 50) - percentile(off?.latencies ?? [], 50), 3),
    added_p99_ms: round(percentile(latencies, 99) - percentile(off?.latencies ?? [], 99), 3),
  }));
  console.log(`Burst limiter cost: ${REQUESTS} searches per store, ${CONCURRENCY} concurrent, through the gateway to an instant fake search service\n`);
  console.log('store        p50 ms   p99 ms   added p50   added p99');
  for (const f of figures) {
    console.log(`${f.store.padEnd(11)} ${String(f.p50_ms).padStart(7)} ${String(f.p99_ms).padStart(8)} ${String(f.added_p50_ms).padStart(11)} ${String(f.added_p99_ms).padStart(11)}`);
  }
  await mkdir(join(REPO_ROOT, '.bench'), { recursive: true });
  await writeFile(join(REPO_ROOT, '.bench', 'limiter.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, requests: REQUESTS, concurrency: CONCURRENCY, figures }, null, 2)}\n`);
} finally {
  for (const gateway of gateways) {
    await gateway.pool.close();
    await gateway.app.close();
  }
  for (const store of Object.values(stores)) await store?.close();
  await rest.close();
  await search.close();
}
