/**
 * Where the CPU of one request goes, per process, for the MCP-vs-REST pair of ./endpoints.ts: the
 * bench topology under autocannon, each process's CPU time (user + system, from /proc) over a run
 * divided by the requests it answered, and this process's own (autocannon and the fake provider).
 * Redis is counted when it runs on this host (its pid from INFO). On a 2-core box throughput follows the CPU a
 * request costs in all processes together, so this
 * says which process an MCP call pays more in than a REST search, and it moves much less than req/s.
 *
 * `node scripts/bench/cpu-split.ts [rounds]` prints one table per round (Linux only: /proc).
 */
import { readFileSync } from 'node:fs';

import { Redis } from 'ioredis';

import type { ServiceName } from '../../bin/split-topology.ts';
import { renderText } from '../eval/report.ts';
import type { LoadTarget } from './load.ts';
import { load } from './load.ts';
import { BENCH_SETTINGS, isMain, requireRedis, stopOnSignals } from './settings.ts';
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
  const rounds = Number(process.argv[2] ?? 2);
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
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          'x-api-key': t.apiKey,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_web', arguments: { q: QUERY, k: 10 } },
        }),
      },
    };
    const redis = await redisPid(s.redisUrl);
    const names = ['gateway', 'mcp', 'search', ...(redis === undefined ? [] : ['redis'])];
    for (let round = 1; round <= rounds; round += 1) {
      const rows: string[][] = [];
      for (const [id, target] of Object.entries(targets)) {
        const pids = names.map((name) => (name === 'redis' ? redis : t.processes.get(name as ServiceName)?.pid) ?? 0);
        const before = [...pids.map(cpuMs), ownCpuMs()];
        const figures = await load(target, { connections: s.connections, durationS: s.durationS, warmupS: s.warmupS });
        const after = [...pids.map(cpuMs), ownCpuMs()];
        // The warm-up's requests are not counted but its CPU is: scale by the measured share of the time.
        const share = s.durationS / (s.durationS + s.warmupS);
        const perRequest = after.map((a, i) => ((a - (before[i] ?? 0)) * share) / Math.max(figures.requests, 1));
        const total = perRequest.reduce((sum, ms) => sum + ms, 0);
        rows.push([
          id,
          String(figures.requestsPerSecond),
          String(figures.p50Ms),
          ...perRequest.map((ms) => ms.toFixed(2)),
          total.toFixed(2),
          String(figures.non2xx + figures.errors),
        ]);
      }
      console.log(
        `round ${round}\n${renderText({
          title: 'CPU ms per request',
          headers: ['case', 'req/s', 'p50 ms', ...names, 'bench', 'total', 'failed'],
          rows,
        })}`,
      );
    }
  } finally {
    await t.stop();
  }
}
