/**
 * `npm run bench`: what the split topology costs. Starts each service as its own process with the
 * shipped default LOG_LEVEL=info (output kept in ManagedProcess's ring buffer, not printed), records
 * start-to-ready time and resident memory, then loads GET /v1/sandbox through the gateway and
 * straight to the search service. autocannon runs here, the servers in their own processes, so on a
 * small box the load generator competes for CPU as a real client on the same host would.
 * Prints a table, writes .bench/foundation.json, exits 1 on any non-2xx or failed request.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { generateInternalToken } from '../../bin/internal-token.ts';
import type { ServiceName } from '../../bin/split-topology.ts';
import { REPO_ROOT, freeTopologyPorts, startTopology, stopTopology, topologySpecs } from '../../bin/split-topology.ts';
import type { LoadOptions } from './load.ts';
import { load } from './load.ts';
import type { BenchReport, ServiceFigures } from './report.ts';
import { formatReport, round, toMiB } from './report.ts';

const LOG_LEVEL = 'info';
const PATH = '/v1/sandbox';
const loadOptions: LoadOptions = { connections: 50, durationS: Number(process.env.BENCH_DURATION_S || 10), warmupS: 2 };

const ports = await freeTopologyPorts();
const internalToken = generateInternalToken();
const specs = topologySpecs({ ports, internalToken, redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379', logLevel: LOG_LEVEL });
const processes = await startTopology(specs);

const residentMiB = async () =>
  new Map(await Promise.all([...processes].map(async ([name, managed]) => [name, toMiB(await managed.residentBytes())] as const)));

try {
  const rssReady = await residentMiB();
  const gateway = await load(`http://127.0.0.1:${ports.gateway}${PATH}`, loadOptions);
  // The gateway adds the internal token on its hop; a direct call must carry it too.
  const direct = await load(`http://127.0.0.1:${ports.search}${PATH}`, { ...loadOptions, headers: { 'x-internal-token': internalToken } });
  const rssAfterLoad = await residentMiB();

  const services = Object.fromEntries([...processes].map(([name, managed]) => [name, {
    readyMs: round(managed.readyMs),
    rssReadyMiB: rssReady.get(name) ?? null,
    rssAfterLoadMiB: rssAfterLoad.get(name) ?? null,
  }])) as Record<ServiceName, ServiceFigures>;
  const report: BenchReport = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    logLevel: LOG_LEVEL,
    load: { ...loadOptions, path: PATH },
    services,
    throughput: { gateway, direct },
    gatewayToDirectPct: round((gateway.requestsPerSecond / direct.requestsPerSecond) * 100, 1),
  };

  console.log(formatReport(report));
  const outDir = join(REPO_ROOT, '.bench');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'foundation.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${join('.bench', 'foundation.json')}`);

  const failed = Object.entries(report.throughput).filter(([, f]) => f.non2xx > 0 || f.errors > 0);
  if (failed.length > 0) {
    for (const [target, f] of failed) console.error(`FAIL ${target}: ${f.non2xx} non-2xx responses, ${f.errors} errors/timeouts`);
    process.exitCode = 1;
  }
} finally {
  await stopTopology(processes);
}
