/**
 * docs/performance.md from bench/results.json alone: the ratios first, then every table, the
 * machine and the commit, and how to reproduce. `npm run bench` calls it after measuring; run alone
 * (`node scripts/bench/render-performance.ts`) it re-renders the page from the
 * committed results without measuring anything.
 */
import { readFile, writeFile } from 'node:fs/promises';

import type { Table } from '../eval/report.ts';
import { renderMarkdown } from '../eval/report.ts';
import type { BenchResults, Ratios } from './results.ts';
import { COMPARISONS_PATH, PERFORMANCE_DOC_PATH, RESULTS_PATH, RESULTS_VERSION } from './results.ts';
import { isMain } from './settings.ts';
import type { LoadRow } from './tables.ts';
import {
  capabilitiesTables,
  cascadeTable,
  deepTables,
  endpointsTable,
  limiterTable,
  memoryTable,
  num,
  overheadTable,
} from './tables.ts';

/** The BENCH_* variables, what each sets, and the key of its value in `results.settings`. */
const SETTINGS_DOC: readonly [string, string, string][] = [
  ['BENCH_DURATION_S', 'seconds of each measured throughput run', 'durationS'],
  ['BENCH_WARMUP_S', 'seconds of load before each run, not counted', 'warmupS'],
  ['BENCH_CONNECTIONS', 'concurrent connections of the throughput runs', 'connections'],
  ['BENCH_PROVIDER_DELAY_MS', "the fake provider's fixed latency", 'providerDelayMs'],
  ['BENCH_SEQUENTIAL_REQUESTS', 'requests of the one-client cache-miss run', 'sequentialRequests'],
  ['BENCH_DEEP_DURATION_S', 'seconds of each deep-mode load phase', 'deepDurationS'],
  ['BENCH_DEEP_CLIENTS', 'concurrent clients of the deep-mode load', 'deepClients'],
  ['BENCH_LIMITER_REQUESTS', 'searches per policy store in the limiter bench', 'limiterRequests'],
  ['BENCH_LOG_LEVEL', "the services' LOG_LEVEL (info is the shipped default)", 'logLevel'],
];

const md = (table: Table) => renderMarkdown(table);

function summaryRows(r: Ratios, results: BenchResults): string[][] {
  const rows: string[][] = [];
  for (const hop of r.gatewayVsDirect) {
    rows.push([
      `Gateway hop, ${hop.endpoint}: through the gateway vs straight to the search service`,
      `**${num(hop.throughputPct, 1)} %** of direct throughput (${num(hop.gatewayRps)} vs ${num(hop.directRps)} req/s), ${signed(hop.addedP50Ms)} ms p50`,
    ]);
  }
  const o = r.overheadVsUpstream;
  if (o) {
    rows.push([
      `Our overhead over a ${num(o.upstreamMs)} ms provider, cache miss, one client`,
      `client p50 ${num(o.oneClient.clientP50Ms, 1)} ms: **+${num(o.oneClient.overheadP50Ms, 1)} ms** (${num(o.oneClient.overheadPct, 1)} % of the upstream latency)`,
    ]);
    rows.push([
      `The same under load, ${o.underLoad.connections} clients`,
      `client p50 ${num(o.underLoad.clientP50Ms, 1)} ms: +${num(o.underLoad.overheadP50Ms, 1)} ms (${num(o.underLoad.overheadPct, 1)} %); the difference to one client is queueing for the cores`,
    ]);
  }
  if (r.mcpVsRest) {
    rows.push([
      'MCP `search_web` vs REST `/v1/search` (cache hit, both through the gateway)',
      `${num(r.mcpVsRest.throughputPct, 1)} % of REST throughput (${num(r.mcpVsRest.mcpRps)} vs ${num(r.mcpVsRest.restRps)} req/s), ${signed(r.mcpVsRest.addedP50Ms)} ms p50` +
        (r.mcpVsRest.oneClientAddedP50Ms === undefined
          ? ''
          : `; one client, per call: ${signed(r.mcpVsRest.oneClientAddedP50Ms)} ms p50`),
    ]);
  }
  const c = r.cascadeVsAll;
  if (c) {
    rows.push([
      `Cascade (judge sees the top ${c.judgeTopN}) vs judging all ${num(c.candidates)} candidates`,
      `**${num(c.callsPct, 1)} %** of the judge calls, ${num(c.inputTokensPct, 1)} % of the input tokens, ${num(c.outputTokensPct, 1)} % of the output tokens`,
    ]);
  }
  const d = r.deepVsSlowestPage;
  if (d && results.deep) {
    rows.push([
      `Deep mode: ${results.deep.parallel.pages} pages read in parallel vs the slowest page (${num(d.slowestMs)} ms)`,
      `stage C p50 ${num(d.stageCP50Ms, 1)} ms = **${num(d.ratio, 2)} ×** the slowest page (${num(d.ratioToSum, 3)} × the ${num(d.sumMs)} ms sum)`,
    ]);
  }
  const down = r.providerDownVsHealthy;
  if (down) {
    rows.push([
      'Two providers with one down vs one healthy provider (cache-miss search p50, one client)',
      `${num(down.oneDownP50Ms, 1)} vs ${num(down.healthyP50Ms, 1)} ms = **${num(down.ratio, 2)} ×**`,
    ]);
  }
  const x = r.extractVsSlowestPage;
  if (x) {
    rows.push([
      `POST /v1/extract of ${x.pages} pages vs the slowest page (${num(x.slowestMs)} ms)`,
      `client p50 ${num(x.clientP50Ms, 1)} ms = **${num(x.ratio, 2)} ×** the slowest page`,
    ]);
  }
  if (r.deepWorkerScaling !== null)
    rows.push(['Deep mode: two ranking-workers vs one (pages per second)', `**× ${num(r.deepWorkerScaling, 2)}**`]);
  for (const l of r.limiterAdded) {
    rows.push([
      `Burst limiter on the ${l.store} store: added latency per search`,
      `${signed(l.addedP50Ms, 3)} ms p50, ${signed(l.addedP99Ms, 3)} ms p99`,
    ]);
  }
  return rows;
}

const signed = (value: number, digits = 1): string => `${value >= 0 ? '+' : '−'}${num(Math.abs(value), digits)}`;

/** The ratios, one comparison a row (also printed at the end of `npm run bench`). */
export const summaryTable = (results: BenchResults): Table => ({
  title: 'Summary',
  headers: ['comparison', 'measured in this run'],
  rows: summaryRows(results.ratios, results),
});

/** Every load row in one table: the autocannon runs, the cache-miss run, the deep-mode phases. */
function loadRows(results: BenchResults): LoadRow[] {
  const rows: LoadRow[] = [...results.endpoints];
  const u = results.searchOverhead?.underLoad;
  if (u) rows.push({ ...u, label: 'GET /v1/search (snip, cache miss)', via: 'gateway' });
  const l = results.deep?.load;
  if (l) {
    for (const [name, f] of [
      ['one ranking-worker', l.oneWorker],
      ['two ranking-workers', l.twoWorkers],
    ] as const) {
      rows.push({
        label: `GET /v1/search (deep, ${l.pagesPerSearch} pages × ${l.pageDelayMs} ms, ${name})`,
        via: 'gateway',
        connections: l.clients,
        requestsPerSecond: f.searchesPerSecond,
        p50Ms: f.p50Ms,
        p99Ms: f.p99Ms,
        requests: f.searches,
        non2xx: 0,
        errors: f.errors,
      });
    }
  }
  return rows;
}

/** Above this share of the cores used by other work during the run, the page says the figures are noisy. */
const BUSY_PCT = 10;

function machineLines(results: BenchResults): string[] {
  const m = results.machine;
  const other =
    m.otherCpuPct === null
      ? 'Other work on the machine during the run was not measured (it is read from Linux /proc).'
      : `Other processes (Redis included) used ${num(m.otherCpuPct, 1)} % of the cores during the run.`;
  return [
    `Measured ${m.date} at commit \`${m.commit ?? 'unknown'}\`${m.dirty ? ' (with uncommitted changes)' : ''}, in ${num(results.durationS)} s: Node ${m.node}, ${m.os},`,
    `${m.cpus} × ${m.cpuModel}, ${num(m.memoryGiB, 1)} GiB. Everything ran on this one machine: the services (one process each),`,
    'Redis, the fake upstreams and the load generator share its cores, as a client and server on one small host would.',
    other +
      (m.otherCpuPct !== null && m.otherCpuPct > BUSY_PCT
        ? ' **The machine was shared with other work during this run: the figures are noisy, and throughput is a lower bound.**'
        : ''),
  ];
}

/**
 * A before/after measurement of one change (bench/comparisons.json, written by hand from runs of the
 * bench's parts on both commits): the page keeps it until the change is history.
 */
export interface Comparison {
  title: string;
  note: string;
  /** The command that produced the figures, on each commit. */
  command: string;
  headers: string[];
  rows: string[][];
}

function comparisonLines(comparisons: readonly Comparison[]): string[] {
  if (comparisons.length === 0) return [];
  const out = ['', '## Before and after', ''];
  for (const c of comparisons) {
    out.push(
      `### ${c.title}`,
      '',
      c.note,
      '',
      renderMarkdown({ title: '', headers: c.headers, rows: c.rows }, { heading: false }),
      '',
      `Measured with \`${c.command}\`.`,
      '',
    );
  }
  return out.slice(0, -1);
}

export function renderPerformance(results: BenchResults, comparisons: readonly Comparison[] = []): string {
  const out: string[] = [
    '# Performance, measured',
    '',
    '<!-- Generated by `npm run bench` (scripts/bench/run-all.ts) from bench/results.json; edit the scripts, not this file. -->',
    '',
    ...machineLines(results),
    '',
    '## Summary',
    '',
    renderMarkdown(summaryTable(results), { heading: false }),
    '',
    '## Throughput and latency',
    '',
    `Fake upstreams on 127.0.0.1: a Brave-compatible provider answering after a fixed ${num(results.topology?.providerDelayMs ?? 0)} ms with 20 results a query`,
    '(two carrying prompt-injection text), pages for deep mode, an OpenAI-compatible judge. The services run with',
    `\`LOG_LEVEL=${results.topology?.logLevel ?? '?'}\`, the local judge, Redis for the discover cache, the queue and the burst limiter (limit set out of reach,`,
    'so every search pays for its admission). Latency is measured at the client; every 2xx body is checked to be the',
    'expected answer, and anything else counts as an error.',
    '',
    renderMarkdown(endpointsTable(loadRows(results)), { heading: false }),
    '',
    '## Resident memory per service',
    '',
  ];
  if (results.topology) {
    out.push(
      'Sampled every second over the throughput runs above (one process per service, MiB):',
      '',
      renderMarkdown(memoryTable(results.topology.services), { heading: false }),
    );
  }
  if (results.deep) {
    const peaks = Object.entries(results.deep.rssPeakMiB)
      .map(([name, value]) => `${name} ${value === null ? '—' : num(value, 1)}`)
      .join(', ');
    out.push('', `Peaks in the deep-mode run, its own topology (MiB): ${peaks}.`);
  }
  if (results.searchOverhead) {
    out.push(
      '',
      '## Where a cache-miss search spends its time',
      '',
      "From each response's `meta.timings_ms`. Under load, every stage includes time queued behind other requests' work;",
      'one client at a time shows the cost without queueing.',
      '',
      md(overheadTable(results.searchOverhead)),
    );
  }
  if (results.deep) {
    out.push(
      '',
      '## Deep mode',
      '',
      'Details of the page queue in [deep-mode.md](deep-mode.md).',
      '',
      ...deepTables(results.deep).flatMap((t) => [md(t), '']),
    );
    out.pop();
  }
  if (results.capabilities) {
    out.push(
      '',
      '## Several providers and reading pages',
      '',
      'A second provider that refuses connections costs one failed connection per search until its circuit breaker opens',
      '(after `DISCOVER_BREAKER_FAILURES`); extract reads its pages in parallel on the ranking-worker.',
      '',
      ...capabilitiesTables(results.capabilities).flatMap((t) => [md(t), '']),
    );
    out.pop();
  }
  if (results.cascade) {
    out.push(
      '',
      '## Judge cost: the cascade vs judging everything',
      '',
      "The eval's DL19 run (scripts/eval) through the search pipeline with an OpenAI-compatible judge. The fake judge counts",
      'tokens as prompt characters ÷ 4: the ratio is what matters, not the absolute count. Ranking quality is in',
      '[quality.md](quality.md).',
      '',
      md(cascadeTable(results.cascade)),
    );
  }
  if (results.limiter) {
    out.push(
      '',
      '## Burst limiter',
      '',
      'Gateways in one process with the load generator: read the p50; the added p99 is noise on a small box and can come out',
      'negative.',
      '',
      md(limiterTable(results.limiter)),
    );
  }
  out.push('', ...RUNTIME_CHANGE);
  out.push(...comparisonLines(comparisons));
  out.push('', '## Problems and skipped parts', '');
  if (results.problems.length === 0 && Object.keys(results.skipped).length === 0)
    out.push('None: every request answered as expected, and every part ran.');
  for (const problem of results.problems) out.push(`- Problem: ${problem}`);
  for (const [part, reason] of Object.entries(results.skipped)) out.push(`- Not measured: ${part}: ${reason}`);
  out.push(
    '',
    '## How to reproduce',
    '',
    '```sh',
    'redis-server --daemonize yes   # or point REDIS_URL at one',
    'npm ci',
    'npm run bench                  # measures, then writes bench/results.json and this page',
    '```',
    '',
    'Settings (environment variables) and their values in this run:',
    '',
    renderMarkdown(
      {
        title: '',
        headers: ['variable', 'what it sets', 'this run'],
        rows: SETTINGS_DOC.map(([name, what, key]) => [`\`${name}\``, what, String(results.settings[key] ?? '—')]),
      },
      { heading: false },
    ),
    '',
    'Each part also runs alone, printing its tables and writing `.bench/<name>.json` (this page is left alone):',
    '`node scripts/bench/<name>.ts` with `endpoints`, `search-overhead`, `deep`, `cascade` or `limiter`.',
    '`node scripts/bench/render-performance.ts` re-renders this page from bench/results.json. The soak',
    '(`scripts/bench/soak.ts`: minutes of mixed load, memory growth bounded) is not part of the bench.',
    '',
  );
  return out.join('\n');
}

/**
 * The move from Node 20 + tsx to Node 24's own type stripping, measured once with
 * scripts/bench/start-up.ts (a one-off comparison: Node 20 is no longer a supported runtime).
 */
const RUNTIME_CHANGE = [
  '## Runtime: Node 20 + tsx before, Node 24 after',
  '',
  '`npm start` from spawn until `/health` answers, and its resident memory 3 s later (idle), five starts each, medians;',
  'same machine, same sources, measured while other work shared its two cores (spread in brackets).',
  '',
  '| runtime | start to ready | idle RSS |',
  '|---|---:|---:|',
  '| Node 20.20.2, `node --import tsx` (before) | 3159 ms (1826–4143) | 199.6 MiB (191.5–214.0) |',
  '| Node 24.21.0, type stripping (after) | 1867 ms (1116–2166) | 200.8 MiB (199.9–204.9) |',
  '',
  'Start-up is about 40 % shorter: Node strips types while loading instead of tsx transpiling through esbuild',
  '(and tsx is no longer installed). Idle memory is unchanged. Reproduce: `node scripts/bench/start-up.ts 5`;',
  "for the old runtime set `NODE_BIN` to a Node 20 binary and `NODE_ARGS='--import tsx'`.",
];

export async function readResults(path: string = RESULTS_PATH): Promise<BenchResults> {
  const results = JSON.parse(await readFile(path, 'utf8')) as BenchResults;
  if (results.version !== RESULTS_VERSION)
    throw new Error(
      `${path}: results version ${String(results.version)}, this renderer reads ${RESULTS_VERSION}; run \`npm run bench\``,
    );
  return results;
}

/** The committed before/after measurements; none when the file is absent. */
export async function readComparisons(path: string = COMPARISONS_PATH): Promise<Comparison[]> {
  try {
    return (JSON.parse(await readFile(path, 'utf8')) as { comparisons: Comparison[] }).comparisons;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

if (isMain(import.meta.url)) {
  await writeFile(PERFORMANCE_DOC_PATH, renderPerformance(await readResults(), await readComparisons()));
  console.log('wrote docs/performance.md from bench/results.json');
}
