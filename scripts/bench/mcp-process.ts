/**
 * The MCP service's own CPU per `search_web`, without the rest of the topology competing for the cores: one
 * MCP service process (its real app, in a child process) in front of a stand-in search service that answers every
 * search with a real cached search response (captured once from the bench topology's search service), loaded with
 * autocannon at `BENCH_CONNECTIONS`; the child's CPU time (user + system, from /proc) is divided by the requests.
 * On a shared machine this per-request CPU moves much less than throughput does. Linux only (/proc).
 *
 * `node scripts/bench/mcp-process.ts [rounds] [--redis] [--cpu-prof]` prints one line per round. `--redis` gives the
 * service the policy store the topology gives it (search_web then charges the limits in Redis, as in production);
 * `--cpu-prof` writes a V8 CPU profile of the MCP process to .bench/profiles/ when it stops.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { REPO_ROOT } from '../../bin/split-topology.ts';

import { BENCH_SETTINGS, requireRedis } from './settings.ts';
import { MCP_HEADERS, searchWebCallBody } from './mcp-call.ts';
import { startBenchTopology } from './topology.ts';

const QUERY = 'how do ocean tides work';
const INTERNAL_TOKEN = 'i'.repeat(40);

/** A real search response for QUERY: the bench topology's search service, called as the MCP service calls it. */
async function captureSearchBody(): Promise<string> {
  const s = BENCH_SETTINGS;
  const topology = await startBenchTopology({ redisUrl: s.redisUrl, logLevel: s.logLevel, providerDelayMs: 1 });
  try {
    const response = await fetch(`${topology.searchOrigin}/v1/search`, {
      method: 'POST',
      headers: {
        'x-internal-token': topology.internalToken,
        'content-type': 'application/json',
        'x-request-id': 'bench',
      },
      body: JSON.stringify({ q: QUERY, k: 10 }),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`capturing a search response: HTTP ${response.status}: ${text.slice(0, 300)}`);
    return text;
  } finally {
    await topology.stop();
  }
}

/** User + system CPU milliseconds of a process so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

await requireRedis();
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => !a.startsWith('--')) ?? 3);
const profileDir = join(REPO_ROOT, '.bench', 'profiles');
const body = await captureSearchBody();
const search = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  });
});
await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
const searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}`;
const child = fork(new URL('./mcp-process-child.ts', import.meta.url), {
  env: {
    ...process.env,
    SEARCH_URL: searchUrl,
    INTERNAL_TOKEN,
    ...(args.includes('--redis') ? { REDIS_URL: BENCH_SETTINGS.redisUrl } : {}),
  },
  ...(args.includes('--cpu-prof')
    ? { execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profileDir}`] }
    : {}),
});
try {
  const url = await new Promise<string>((resolve) => child.once('message', (message) => resolve(String(message))));
  const target = {
    url: `${url}/mcp`,
    method: 'POST' as const,
    connections: BENCH_SETTINGS.connections,
    headers: {
      ...MCP_HEADERS,
      'x-internal-token': INTERNAL_TOKEN,
      'x-rankgate-client-ip': '127.0.0.1',
      'x-rankgate-caller': JSON.stringify({ kind: 'operator', scopes: ['search:read'] }),
    },
    body: searchWebCallBody(QUERY),
  };
  await autocannon({ ...target, duration: BENCH_SETTINGS.warmupS });
  for (let round = 1; round <= rounds; round += 1) {
    const before = cpuMs(child.pid ?? 0);
    const result = await autocannon({ ...target, duration: BENCH_SETTINGS.durationS });
    const perRequest = (cpuMs(child.pid ?? 0) - before) / Math.max(result.requests.total, 1);
    const failed = result.non2xx + result.errors;
    console.log(
      `round ${round}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, ${failed} failed, ` +
        `MCP process CPU ${perRequest.toFixed(2)} ms per search_web`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  search.close();
}
