/**
 * Issue 18's figures, in the split topology with the bench's fake Brave (./topology.ts):
 *
 * 1. A provider down: the same cache-miss searches one at a time with `DISCOVER_PROVIDER=brave`, then
 *    with `brave,searxng` where SearXNG refuses connections (a stopped instance). The ratio of the
 *    p50s is what a dead provider costs; after DISCOVER_BREAKER_FAILURES failures its breaker opens
 *    and it is no longer asked.
 * 2. Extract: `POST /v1/extract` of 10 pages answering after 200-800 ms (a fake web on 127.0.0.1, let
 *    through by FETCH_ALLOW_HOSTS), against the slowest page: read in parallel, about the slowest.
 *
 * Alone: `node scripts/bench/capabilities.ts`; writes .bench/capabilities.json.
 */
import { startFakeWeb, tidePage } from '../../e2e/harness/fake-web.ts';
import { unreachableUrl } from '@rankgate/platform/testing/fake-upstream';
import { renderText } from '../eval/report.ts';
import type { CapabilitiesSection } from './results.ts';
import { writeScratch } from './results.ts';
import { BENCH_SETTINGS, interrupted, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { distribution, round } from './stats.ts';
import { capabilitiesTables } from './tables.ts';
import type { BenchTopology } from './topology.ts';
import { startBenchTopology } from './topology.ts';

const EXTRACT_DELAYS_MS = Array.from({ length: 10 }, (_, i) => 200 + Math.round((i * 600) / 9));
const EXTRACT_RUNS = 5;
const WARM_UP = 3;

export interface CapabilitiesSettings {
  redisUrl: string;
  logLevel: string;
  providerDelayMs: number;
  sequentialRequests: number;
}

/** `count` cache-miss searches one at a time; client latencies and each answer's provider statuses. */
async function searchesOneAtATime(topology: BenchTopology, label: string, count: number) {
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  for (let i = 0; i < WARM_UP + count && !interrupted.aborted; i += 1) {
    const query = `${label} provider bench query ${i}`;
    const started = performance.now();
    const response = await fetch(`${topology.origin}/v1/search?${new URLSearchParams({ q: query, nocache: 'true' })}`, {
      headers: { 'x-api-key': topology.apiKey },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (i < WARM_UP) continue;
    if (response.status !== 200) {
      errors += 1;
      continue;
    }
    ms.push(elapsed);
    const providers =
      (JSON.parse(text) as { meta: { providers?: { name: string; status: string }[] } }).meta.providers ?? [];
    for (const p of providers) statuses[`${p.name}:${p.status}`] = (statuses[`${p.name}:${p.status}`] ?? 0) + 1;
  }
  return { ms: distribution(ms), statuses, errors };
}

export async function measureCapabilities(
  s: CapabilitiesSettings,
): Promise<{ section: CapabilitiesSection; problems: string[] }> {
  const problems: string[] = [];
  const common = { redisUrl: s.redisUrl, logLevel: s.logLevel, providerDelayMs: s.providerDelayMs };

  // 1. One healthy provider, then the same with a second provider that is down.
  const healthyTopology = await startBenchTopology(common);
  let healthy;
  try {
    healthy = await searchesOneAtATime(healthyTopology, 'healthy', s.sequentialRequests);
  } finally {
    await healthyTopology.stop();
  }
  interrupted.throwIfAborted();
  const down = await unreachableUrl();
  const web = await startFakeWeb();
  const topology = await startBenchTopology({
    ...common,
    env: {
      DISCOVER_PROVIDER: 'brave,searxng',
      SEARXNG_URL: down,
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      FETCH_ALLOWED_PORTS: `80,443,${web.port}`,
      FETCH_PER_HOST_CONCURRENCY: '16',
      DEEP_DEADLINE_MS: '20000',
    },
  });
  try {
    const oneDown = await searchesOneAtATime(topology, 'one-down', s.sequentialRequests);
    if (healthy.errors + oneDown.errors > 0)
      problems.push(`capabilities: ${healthy.errors + oneDown.errors} provider searches failed`);

    // 2. Extract of 10 pages vs the slowest page.
    const clientMs: number[] = [];
    let ok = 0;
    for (let run = 0; run < EXTRACT_RUNS + 1 && !interrupted.aborted; run += 1) {
      const pages = EXTRACT_DELAYS_MS.map((delayMs, i) => tidePage(9_000 + run * 100 + i, { delayMs }));
      web.publish(`extract run ${run}`, pages);
      const started = performance.now();
      const response = await fetch(`${topology.origin}/v1/extract`, {
        method: 'POST',
        headers: { 'x-api-key': topology.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: pages.map((page) => `${web.origin}${page.path}`) }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await response.json()) as { results?: { status: string }[] };
      const elapsed = performance.now() - started;
      const read = (body.results ?? []).filter((page) => page.status === 'ok').length;
      // Run 0 warms the worker's fetcher and the queue.
      if (run === 0) continue;
      if (response.status !== 200 || read !== pages.length)
        problems.push(
          `capabilities: extract run ${run} answered ${response.status} with ${read}/${pages.length} pages read`,
        );
      clientMs.push(elapsed);
      ok += read;
    }
    const extractMs = distribution(clientMs);
    const section: CapabilitiesSection = {
      providers: {
        requests: s.sequentialRequests,
        providerDelayMs: s.providerDelayMs,
        healthy: { p50Ms: healthy.ms.p50, p90Ms: healthy.ms.p90, errors: healthy.errors },
        oneDown: { p50Ms: oneDown.ms.p50, p90Ms: oneDown.ms.p90, errors: oneDown.errors, statuses: oneDown.statuses },
      },
      extract: {
        pages: EXTRACT_DELAYS_MS.length,
        runs: clientMs.length,
        slowestMs: Math.max(...EXTRACT_DELAYS_MS),
        sumMs: EXTRACT_DELAYS_MS.reduce((a, b) => a + b, 0),
        delaysMs: { min: Math.min(...EXTRACT_DELAYS_MS), max: Math.max(...EXTRACT_DELAYS_MS) },
        clientMs: { p50: extractMs.p50, min: round(Math.min(...clientMs), 1), max: extractMs.max },
        pagesRead: ok,
      },
    };
    return { section, problems };
  } finally {
    await topology.stop();
    await web.close();
  }
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const { section, problems } = await measureCapabilities(BENCH_SETTINGS);
  console.log(capabilitiesTables(section).map(renderText).join('\n\n'));
  console.log(`\nwrote ${await writeScratch('capabilities', { date: new Date().toISOString(), ...section })}`);
  if (problems.length > 0) {
    console.error(`FAIL: ${problems.join('; ')}`);
    process.exitCode = 1;
  }
}
