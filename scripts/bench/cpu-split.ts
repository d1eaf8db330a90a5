/**
 * Where the CPU of one request goes, per process, for the MCP-vs-REST pair of ./endpoints.ts: the
 * bench topology under autocannon, each process's CPU time (user + system, from /proc) over a run
 * divided by the requests it answered, and this process's own (autocannon and the fake provider).
 * Redis is counted when it runs on this host (its pid from INFO). On a 2-core box throughput follows the CPU a
 * request costs in all processes together, so this
 * says which process an MCP call pays more in than a REST search, and it moves much less than req/s.
 *
 * The cases alternate in short slices (REST, MCP, MCP, REST, …), so load from other work on a shared machine falls
 * on both alike and the req/s ratio is comparable between runs where a whole 5 s run of each is not.
 *
 * `node scripts/bench/cpu-split.ts [slices] [seconds]` (default 10 × 2 s per case) prints one table (Linux: /proc).
 */
import { readFileSync } from 'node:fs';

import { Redis } from 'ioredis';

import type { ServiceName } from '../../bin/split-topology.ts';
import { renderText } from '../eval/report.ts';
import type { LoadTarget } from './load.ts';
import { MCP_HEADERS, searchWebCallBody } from './mcp-call.ts';
import { load } from './load.ts';
import { BENCH_SETTINGS, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { percentile } from './stats.ts';
import { startBenchTopology } from './topology.ts';

const QUERY = 'how do ocean tides work';

/** User + system CPU milliseconds of a process so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ownCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** The Redis server's pid when it is a local process (undefined for a remote or containerised one). */
async function redisPid(url: string): Promise<number | undefined> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return Number.isInteger(pid) && readFileSync(`/proc/${pid}/stat`, 'utf8').includes('redis') ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const s = BENCH_SETTINGS;
  const slices = Number(process.argv[2] ?? 10);
  const sliceS = Number(process.argv[3] ?? 2);
  const t = await startBenchTopology({
    redisUrl: s.redisUrl,
    logLevel: s.logLevel,
    providerDelayMs: s.providerDelayMs,
  });
  try {
    const searchPath = `/v1/search?${new URLSearchParams({ q: QUERY, k: '10' })}`;
    await (await fetch(`${t.origin}${searchPath}`, { headers: { 'x-api-key': t.apiKey } })).text();
    const targets: Record<string, LoadTarget> = {
      rest: { url: `${t.origin}${searchPath}`, headers: { 'x-api-key': t.apiKey } },
      mcp: {
        url: `${t.origin}/mcp`,
        method: 'POST',
        headers: { ...MCP_HEADERS, 'x-api-key': t.apiKey },
        body: searchWebCallBody(QUERY),
      },
    };
    const redis = await redisPid(s.redisUrl);
    const names = ['gateway', 'mcp', 'search', ...(redis === undefined ? [] : ['redis'])];
    const pids = names.map((name) => (name === 'redis' ? redis : t.processes.get(name as ServiceName)?.pid) ?? 0);
    const cases = Object.entries(targets).map(([id, target]) => ({
      id,
      target,
      requests: 0,
      seconds: 0,
      failed: 0,
      cpu: names.map(() => 0),
      own: 0,
      p50: [] as number[],
    }));
    // Warm-up: each case once, not counted.
    for (const { target } of cases) await load(target, { connections: s.connections, durationS: 1, warmupS: 1 });
    for (let slice = 0; slice < slices; slice += 1) {
      for (const sum of slice % 2 === 0 ? cases : [...cases].reverse()) {
        const before = pids.map(cpuMs);
        const ownBefore = ownCpuMs();
        const started = performance.now();
        const figures = await load(sum.target, { connections: s.connections, durationS: sliceS, warmupS: 0 });
        sum.seconds += (performance.now() - started) / 1000;
        sum.cpu = sum.cpu.map((ms, p) => ms + cpuMs(pids[p] ?? 0) - (before[p] ?? 0));
        sum.own += ownCpuMs() - ownBefore;
        sum.requests += figures.requests;
        sum.failed += figures.non2xx + figures.errors;
        sum.p50.push(figures.p50Ms);
      }
    }
    const rows = cases.map((sum) => {
      const perRequest = [...sum.cpu, sum.own].map((ms) => ms / Math.max(sum.requests, 1));
      return [
        sum.id,
        (sum.requests / sum.seconds).toFixed(1),
        String(percentile(sum.p50, 50)),
        ...perRequest.map((ms) => ms.toFixed(2)),
        perRequest.reduce((a, b) => a + b, 0).toFixed(2),
        String(sum.failed),
      ];
    });
    console.log(
      renderText({
        title: `CPU ms per request, ${slices} alternating slices of ${sliceS} s per case (p50: median of the slices')`,
        headers: ['case', 'req/s', 'p50 ms', ...names, 'bench', 'total', 'failed'],
        rows,
      }),
    );
  } finally {
    await t.stop();
  }
}
