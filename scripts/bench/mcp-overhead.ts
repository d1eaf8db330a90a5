/**
 * What an MCP `search_web` adds to a cached REST search for one client, without queueing: the bench topology, one
 * client sending a REST `GET /v1/search` and an MCP `tools/call search_web` for the same cached query in turn (so
 * drift in the machine's load hits both alike), and the p50 and p90 of each and of their difference. Under 50
 * clients the latencies are queueing (p50 ≈ clients / throughput, ./endpoints.ts); this is the cost of one call.
 * `npm run bench` runs it on its topology (./run-all.ts).
 *
 * `node scripts/bench/mcp-overhead.ts [pairs]` (default 300) prints one table.
 */
import { renderText } from '../eval/report.ts';
import type { McpOverheadSection } from './results.ts';
import { BENCH_SETTINGS, interrupted, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { MCP_HEADERS, searchWebCallBody } from './mcp-call.ts';
import { percentile, round } from './stats.ts';
import type { BenchTopology } from './topology.ts';
import { startBenchTopology } from './topology.ts';

const QUERY = 'how do ocean tides work';
/** Pairs before the counted ones: they warm the cache, the connections and the JIT. */
const WARM_UP_PAIRS = 50;

async function timed(url: string, init: RequestInit, check: (body: unknown) => boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = (await response.json()) as unknown;
  const ms = performance.now() - started;
  if (response.status !== 200 || !check(body)) throw new Error(`${url}: HTTP ${response.status}, unexpected body`);
  return ms;
}

const isHit = (body: unknown) => (body as { meta?: { cache?: { hit?: boolean } } }).meta?.cache?.hit === true;
const isToolHit = (body: unknown) => {
  const result = (body as { result?: { isError?: boolean; structuredContent?: unknown } }).result;
  return result?.isError !== true && isHit(result?.structuredContent);
};

/** The latencies of `pairs` REST-then-MCP pairs on a running topology, and their per-pair differences. */
export async function measureMcpOverhead(
  t: BenchTopology,
  pairs: number,
): Promise<{ section: McpOverheadSection; rest: number[]; mcp: number[]; differences: number[] }> {
  const restUrl = `${t.origin}/v1/search?${new URLSearchParams({ q: QUERY, k: '10' })}`;
  const restInit: RequestInit = { headers: { 'x-api-key': t.apiKey } };
  const mcpInit: RequestInit = {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'x-api-key': t.apiKey },
    body: searchWebCallBody(QUERY),
  };
  // Fills the discover cache, so every timed search is a hit.
  await (await fetch(restUrl, restInit)).text();
  const rest: number[] = [];
  const mcp: number[] = [];
  for (let i = -WARM_UP_PAIRS; i < pairs; i += 1) {
    interrupted.throwIfAborted();
    const restMs = await timed(restUrl, restInit, isHit);
    const mcpMs = await timed(`${t.origin}/mcp`, mcpInit, isToolHit);
    if (i < 0) continue;
    rest.push(restMs);
    mcp.push(mcpMs);
  }
  const differences = mcp.map((ms, i) => ms - (rest[i] ?? 0));
  return {
    section: {
      pairs,
      restP50Ms: round(percentile(rest, 50), 2),
      mcpP50Ms: round(percentile(mcp, 50), 2),
      addedP50Ms: round(percentile(differences, 50), 2),
      addedP90Ms: round(percentile(differences, 90), 2),
    },
    rest,
    mcp,
    differences,
  };
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const s = BENCH_SETTINGS;
  const pairs = Number(process.argv[2] ?? 300);
  const t = await startBenchTopology({
    redisUrl: s.redisUrl,
    logLevel: s.logLevel,
    providerDelayMs: s.providerDelayMs,
  });
  try {
    const { rest, mcp, differences } = await measureMcpOverhead(t, pairs);
    const row = (label: string, values: number[]) => [
      label,
      String(round(percentile(values, 50), 2)),
      String(round(percentile(values, 90), 2)),
    ];
    console.log(
      renderText({
        title: `One client, ${pairs} pairs (REST then MCP), cached search, ms`,
        headers: ['', 'p50', 'p90'],
        rows: [row('REST GET /v1/search', rest), row('MCP search_web', mcp), row('MCP − REST, per pair', differences)],
      }),
    );
  } finally {
    await t.stop();
  }
}
