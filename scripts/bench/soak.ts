/**
 * Soak: bounded mixed load on the split topology (real Redis, fake Brave at 100 ms) with resident
 * memory sampled every 5 s per service. The mix: /health, /v1/sandbox, cached searches, uncached
 * searches (distinct queries), and one client that keeps exceeding the burst limit (its 429s are
 * the only failures allowed). Clients are told apart by X-Forwarded-For (the gateway trusts
 * 127.0.0.1 here), so ordinary clients stay under the limit as real ones would.
 *
 * Prints requests per kind, unexpected failures, and memory per service (after warm-up, at the end,
 * the peak); exits 1 on any unexpected failure or when a service grew by more than the bound
 * (SOAK_RSS_BOUND_MIB, default 40 MiB) from warm to end. SOAK_DURATION_S (default 120).
 * Not part of `npm run bench`: run it on demand, `node scripts/bench/soak.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { Pool } from 'undici';

import { generateInternalToken } from '../../bin/internal-token.ts';
import { REPO_ROOT, freeTopologyPorts, startTopology, stopTopology, topologySpecs } from '../../bin/split-topology.ts';
import { startFakeProvider } from './fake-provider.ts';
import { round, toMiB } from './stats.ts';

const DURATION_S = Number(process.env.SOAK_DURATION_S || 120);
const WARMUP_S = 20;
const RSS_BOUND_MIB = Number(process.env.SOAK_RSS_BOUND_MIB || 40);
const WORKERS = 16;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const apiKey = `soak-${randomBytes(12).toString('hex')}`;
const providerKey = `brave-${randomBytes(8).toString('hex')}`;
const provider = await startFakeProvider({ delayMs: 100, apiKey: providerKey });
const ports = await freeTopologyPorts();
const specs = topologySpecs({
  ports,
  internalToken: generateInternalToken(),
  redisUrl: REDIS_URL,
  logLevel: 'warn',
  env: {
    DISCOVER_PROVIDER: 'brave',
    BRAVE_BASE_URL: provider.url,
    BRAVE_API_KEY: providerKey,
    OPERATOR_API_KEY: apiKey,
    RATE_LIMIT_PER_MINUTE: '60',
    TRUST_PROXY: '127.0.0.1',
    REDIS_KEY_PREFIX: `soak-${randomBytes(4).toString('hex')}:`,
  },
});
const processes = await startTopology(specs);
const pool = new Pool(`http://127.0.0.1:${ports.gateway}`, { connections: WORKERS });

type Kind = 'health' | 'sandbox' | 'search-cached' | 'search-miss' | 'over-limit';
const KINDS: [Kind, number][] = [
  ['health', 0.2],
  ['sandbox', 0.2],
  ['search-cached', 0.3],
  ['search-miss', 0.2],
  ['over-limit', 0.1],
];
const counts = Object.fromEntries(KINDS.map(([kind]) => [kind, { ok: 0, limited: 0, failed: 0 }])) as Record<
  Kind,
  { ok: number; limited: number; failed: number }
>;
const failures: string[] = [];
let sequence = 0;

function pick(): Kind {
  let roll = Math.random();
  for (const [kind, share] of KINDS) if ((roll -= share) < 0) return kind;
  return 'health';
}

async function one(kind: Kind): Promise<void> {
  sequence += 1;
  const client = kind === 'over-limit' ? '203.0.113.250' : `198.18.${sequence % 250}.${(sequence >> 8) % 250}`;
  const path = {
    health: '/health',
    sandbox: '/v1/sandbox',
    'search-cached': `/v1/search?q=how+do+ocean+tides+work&k=5`,
    'search-miss': `/v1/search?q=soak+query+${sequence}&k=5&nocache=true`,
    'over-limit': '/v1/search?q=how+do+ocean+tides+work&k=5',
  }[kind];
  try {
    const response = await pool.request({
      path,
      method: 'GET',
      headers: { 'x-api-key': apiKey, 'x-forwarded-for': client },
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    await response.body.dump();
    if (response.statusCode === 200) counts[kind].ok += 1;
    else if (response.statusCode === 429 && kind === 'over-limit') counts[kind].limited += 1;
    else {
      counts[kind].failed += 1;
      if (failures.length < 20) failures.push(`${kind}: HTTP ${response.statusCode}`);
    }
  } catch (error) {
    counts[kind].failed += 1;
    if (failures.length < 20) failures.push(`${kind}: ${(error as Error).message}`);
  }
}

const samples: { atS: number; rss: Record<string, number | null> }[] = [];
const sample = async (atS: number) => {
  samples.push({
    atS,
    rss: Object.fromEntries(
      await Promise.all(
        [...processes].map(async ([name, managed]) => [name, toMiB(await managed.residentBytes())] as const),
      ),
    ),
  });
};

const started = Date.now();
const elapsedS = () => (Date.now() - started) / 1000;
let exitCode: number;
try {
  const sampler = (async () => {
    while (elapsedS() < DURATION_S) {
      await sample(round(elapsedS()));
      await sleep(5000);
    }
  })();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (elapsedS() < DURATION_S) await one(pick());
    }),
  );
  await sampler;
  await sample(round(elapsedS()));

  const warm = samples.find((s) => s.atS >= WARMUP_S) ?? samples[0];
  const end = samples.at(-1);
  console.log(
    `Soak: ${DURATION_S} s, ${WORKERS} concurrent clients, mixed load through the gateway (split topology, Redis, fake Brave 100 ms)\n`,
  );
  console.log('kind           ok   429 (intended)   failed');
  for (const [kind] of KINDS)
    console.log(
      `${kind.padEnd(14)} ${String(counts[kind].ok).padStart(6)} ${String(counts[kind].limited).padStart(12)} ${String(counts[kind].failed).padStart(10)}`,
    );
  console.log(`\nservice          warm MiB (${warm?.atS} s)   end MiB   peak MiB   growth`);
  const growth: Record<string, number> = {};
  for (const [name] of processes) {
    const peak = Math.max(...samples.map((s) => s.rss[name] ?? 0));
    const delta = round((end?.rss[name] ?? 0) - (warm?.rss[name] ?? 0), 1);
    growth[name] = delta;
    console.log(
      `${name.padEnd(16)} ${String(warm?.rss[name]).padStart(12)} ${String(end?.rss[name]).padStart(12)} ${String(peak).padStart(10)} ${String(delta).padStart(8)}`,
    );
  }
  const failed = Object.values(counts).reduce((sum, c) => sum + c.failed, 0);
  const grown = Object.entries(growth).filter(([, delta]) => delta > RSS_BOUND_MIB);
  if (failed > 0) console.error(`\n${failed} unexpected failures, e.g.:\n  ${failures.join('\n  ')}`);
  if (grown.length > 0)
    console.error(
      `\nmemory grew beyond ${RSS_BOUND_MIB} MiB: ${grown.map(([name, delta]) => `${name} +${delta}`).join(', ')}`,
    );
  exitCode = failed > 0 || grown.length > 0 ? 1 : 0;
  await mkdir(join(REPO_ROOT, '.bench'), { recursive: true });
  await writeFile(
    join(REPO_ROOT, '.bench', 'soak.json'),
    `${JSON.stringify({ date: new Date().toISOString(), durationS: DURATION_S, workers: WORKERS, counts, samples, growth, rssBoundMiB: RSS_BOUND_MIB }, null, 2)}\n`,
  );
} finally {
  await pool.close();
  await stopTopology(processes);
  await provider.close();
}
process.exitCode = exitCode;
