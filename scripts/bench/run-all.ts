/**
 * `npm run bench`: every part, one after another, in this process, then bench/results.json and
 * docs/performance.md from the figures (./render-performance.ts).
 *
 * 1. The split topology with a fake Brave provider (./topology.ts): /health, /v1/sandbox and a
 *    cached search through the gateway and straight to the search service, MCP `search_web`
 *    (./endpoints.ts); cache-miss searches under load and one at a time (./search-overhead.ts);
 *    resident memory per service throughout.
 * 2. Deep mode in its own topology with a fake web (./deep.ts).
 * 3. A second provider down, and POST /v1/extract of 10 pages (./capabilities.ts).
 * 4. The burst limiter's added latency (./limiter.ts).
 * 5. The cascade's judge cost against judging everything, on the eval's DL19 run (./cascade.ts).
 *
 * A part that fails is recorded as a problem and the others still run; the exit code is 1 when
 * anything failed. Ctrl-C stops the servers and writes nothing. Settings: ./settings.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';

import { REPO_ROOT } from '../../bin/split-topology.ts';
import type { Table } from '../eval/report.ts';
import { renderText } from '../eval/report.ts';
import { cascadeUnavailable, measureCascade } from './cascade.ts';
import { measureCapabilities } from './capabilities.ts';
import { measureDeep } from './deep.ts';
import { endpointProblems, measureEndpoints } from './endpoints.ts';
import { measureLimiter } from './limiter.ts';
import { measureMcpOverhead } from './mcp-overhead.ts';
import { machineFacts, otherCpuMeter } from './machine.ts';
import { ratiosOf } from './ratios.ts';
import { readComparisons, renderPerformance, summaryTable } from './render-performance.ts';
import type { BenchResults } from './results.ts';
import { PERFORMANCE_DOC_PATH, RESULTS_PATH, RESULTS_VERSION } from './results.ts';
import { measureSearchOverhead } from './search-overhead.ts';
import { BENCH_SETTINGS, interrupted, requireRedis, stopOnSignals } from './settings.ts';
import {
  capabilitiesTables,
  cascadeTable,
  deepTables,
  endpointsTable,
  limiterTable,
  mcpOverheadTable,
  memoryTable,
  overheadTable,
} from './tables.ts';
import { startBenchTopology } from './topology.ts';

stopOnSignals();
const s = BENCH_SETTINGS;
const startedAt = new Date();
const started = performance.now();
const otherCpuPct = otherCpuMeter();
const print = (...tables: Table[]) => console.log(`\n${tables.map(renderText).join('\n\n')}`);

const { redisUrl: _redisUrl, ...settings } = s;
const results: BenchResults = {
  version: RESULTS_VERSION,
  machine: machineFacts(startedAt),
  settings,
  durationS: 0,
  topology: null,
  endpoints: [],
  searchOverhead: null,
  mcpOverhead: null,
  limiter: null,
  deep: null,
  cascade: null,
  capabilities: null,
  ratios: ratiosOf({ endpoints: [], searchOverhead: null, limiter: null, deep: null, cascade: null }),
  skipped: {},
  problems: [],
};

/** Runs one part; a failure becomes a problem of the run (an interruption ends it). */
async function part(name: string, run: () => Promise<void>): Promise<void> {
  if (interrupted.aborted) return;
  console.log(`\n=== ${name} ===`);
  try {
    await run();
  } catch (error) {
    if (interrupted.aborted) return;
    console.error(error);
    results.problems.push(`${name} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

try {
  await requireRedis(s.redisUrl);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(
  `Rankgate bench: node ${results.machine.node}, ${results.machine.cpus} CPUs; ` +
    `${s.durationS} s per run after ${s.warmupS} s warm-up, ${s.connections} connections, LOG_LEVEL=${s.logLevel}`,
);

await part('split topology: endpoints, cache-miss search, memory', async () => {
  const topology = await startBenchTopology({
    redisUrl: s.redisUrl,
    logLevel: s.logLevel,
    providerDelayMs: s.providerDelayMs,
  });
  try {
    results.endpoints = await measureEndpoints(topology, {
      connections: s.connections,
      durationS: s.durationS,
      warmupS: s.warmupS,
    });
    results.problems.push(...endpointProblems(results.endpoints));
    print(endpointsTable(results.endpoints));
    console.log(
      `\n  GET /v1/search (cache miss): ${s.connections} clients for ${s.durationS} s, then ${s.sequentialRequests} one at a time…`,
    );
    const overhead = await measureSearchOverhead(topology, s);
    results.searchOverhead = overhead.section;
    results.problems.push(...overhead.problems);
    print(overheadTable(overhead.section));
    console.log(`\n  REST then MCP search_web, cached, one client: ${s.mcpPairs} pairs…`);
    results.mcpOverhead = (await measureMcpOverhead(topology, s.mcpPairs)).section;
    print(mcpOverheadTable(results.mcpOverhead));
  } finally {
    results.topology = { logLevel: s.logLevel, providerDelayMs: s.providerDelayMs, services: await topology.memory() };
    await topology.stop();
  }
  print(memoryTable(results.topology.services));
});

await part('deep mode', async () => {
  const { section, problems } = await measureDeep(s);
  results.deep = section;
  results.problems.push(...problems);
  print(...deepTables(section));
});

await part('several providers and extract', async () => {
  const { section, problems } = await measureCapabilities(s);
  results.capabilities = section;
  results.problems.push(...problems);
  print(...capabilitiesTables(section));
});

await part('burst limiter', async () => {
  results.limiter = await measureLimiter(s.limiterRequests, s.redisUrl);
  print(limiterTable(results.limiter));
});

await part('cascade judge cost', async () => {
  const reason = cascadeUnavailable();
  if (reason) {
    results.skipped['cascade judge cost'] = reason;
    console.log(`skipped: ${reason}`);
    return;
  }
  results.cascade = await measureCascade();
  print(cascadeTable(results.cascade));
});

if (interrupted.aborted) {
  console.error('\nbench interrupted: nothing written');
  process.exit(130);
}
results.ratios = ratiosOf(results);
results.durationS = Math.round((performance.now() - started) / 1000);
results.machine.otherCpuPct = otherCpuPct();
console.log(`\nother processes used ${results.machine.otherCpuPct ?? '?'} % of the cores during the run`);
const summary = summaryTable(results);
print({ ...summary, rows: summary.rows.map((row) => row.map((cell) => cell.replaceAll('**', ''))) });
await mkdir(dirname(RESULTS_PATH), { recursive: true });
await writeFile(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
await writeFile(PERFORMANCE_DOC_PATH, renderPerformance(results, await readComparisons()));
console.log(
  `\nwrote ${relative(REPO_ROOT, RESULTS_PATH)} and ${relative(REPO_ROOT, PERFORMANCE_DOC_PATH)} in ${results.durationS} s`,
);
if (results.problems.length > 0) {
  console.error(`\nbench found problems:\n  ${results.problems.join('\n  ')}`);
  process.exitCode = 1;
}
