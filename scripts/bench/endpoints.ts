/**
 * Throughput of the cheap endpoints, with autocannon against the bench topology (./topology.ts):
 * `/health`, `/v1/sandbox` and a cached `/v1/search` through the gateway and straight to the
 * search service (the gateway adds the internal token on its hop; a direct call carries it
 * itself), and MCP `search_web` (a raw JSON-RPC `tools/call` POST with the operator key, as any
 * MCP client sends it; the gateway authenticates it once and the MCP service calls the search service directly).
 * Every 2xx body is
 * checked to be the expected answer (a cache hit for the cached search, a successful tool result
 * for MCP); anything else counts as an error.
 *
 * Alone: `node scripts/bench/endpoints.ts [id…] [--cpu-prof=<service>]` starts the topology, prints the
 * table and the memory per service, writes .bench/endpoints.json, exits 1 on any error. Ids pick the
 * cases to run (e.g. `search-hit mcp-search-web`, the MCP-vs-REST pair); `--cpu-prof` writes a V8 CPU
 * profile of one service process to .bench/profiles/ when it stops.
 */
import { join } from 'node:path';

import type { ServiceName } from '../../bin/split-topology.ts';
import { REPO_ROOT } from '../../bin/split-topology.ts';
import { renderText } from '../eval/report.ts';
import type { LoadShape, LoadTarget } from './load.ts';
import { MCP_HEADERS, searchWebCallBody } from './mcp-call.ts';
import { jsonBody, load } from './load.ts';
import type { EndpointFigures } from './results.ts';
import { writeScratch } from './results.ts';
import { BENCH_SETTINGS, interrupted, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { endpointsTable, memoryTable } from './tables.ts';
import type { BenchTopology } from './topology.ts';
import { startBenchTopology } from './topology.ts';

const CACHED_QUERY = 'how do ocean tides work';

interface SearchBody {
  results?: unknown[];
  meta?: { cache?: { hit?: boolean }; sandbox?: boolean };
}
const isCacheHit = jsonBody((body) => {
  const b = body as SearchBody;
  return b.meta?.cache?.hit === true && (b.results?.length ?? 0) > 0;
});

/** A successful `search_web` result: no tool error, ranked rows from a cached search. */
const isToolResult = jsonBody((body) => {
  const result = (body as { result?: { isError?: boolean; structuredContent?: SearchBody } }).result;
  return (
    result !== undefined &&
    result.isError !== true &&
    result.structuredContent?.meta?.cache?.hit === true &&
    (result.structuredContent.results?.length ?? 0) > 0
  );
});

interface Plan {
  id: string;
  label: string;
  via: EndpointFigures['via'];
  target: LoadTarget;
}

function plans(t: BenchTopology): Plan[] {
  const internal = { 'x-internal-token': t.internalToken };
  const searchPath = `/v1/search?${new URLSearchParams({ q: CACHED_QUERY, k: '10' })}`;
  return [
    {
      id: 'health',
      label: 'GET /health',
      via: 'gateway',
      target: { url: `${t.origin}/health`, verifyBody: jsonBody((b) => (b as { ok?: boolean }).ok === true) },
    },
    {
      id: 'sandbox',
      label: 'GET /v1/sandbox',
      via: 'gateway',
      target: { url: `${t.origin}/v1/sandbox`, verifyBody: jsonBody((b) => (b as SearchBody).meta?.sandbox === true) },
    },
    {
      id: 'sandbox-direct',
      label: 'GET /v1/sandbox',
      via: 'search service',
      target: {
        url: `${t.searchOrigin}/v1/sandbox`,
        headers: internal,
        verifyBody: jsonBody((b) => (b as SearchBody).meta?.sandbox === true),
      },
    },
    {
      id: 'search-hit',
      label: 'GET /v1/search (snip, cache hit)',
      via: 'gateway',
      target: { url: `${t.origin}${searchPath}`, headers: { 'x-api-key': t.apiKey }, verifyBody: isCacheHit },
    },
    {
      id: 'search-hit-direct',
      label: 'GET /v1/search (snip, cache hit)',
      via: 'search service',
      target: { url: `${t.searchOrigin}${searchPath}`, headers: internal, verifyBody: isCacheHit },
    },
    {
      id: 'mcp-search-web',
      label: 'MCP tools/call search_web (cache hit)',
      via: 'gateway',
      target: {
        url: `${t.origin}/mcp`,
        method: 'POST',
        headers: { ...MCP_HEADERS, 'x-api-key': t.apiKey },
        verifyBody: isToolResult,
        body: searchWebCallBody(CACHED_QUERY),
      },
    },
  ];
}

/** Fills the discover cache for the cached query, so every measured search is a hit. */
async function primeCache(t: BenchTopology): Promise<void> {
  const response = await fetch(`${t.origin}/v1/search?${new URLSearchParams({ q: CACHED_QUERY, k: '10' })}`, {
    headers: { 'x-api-key': t.apiKey },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`priming the cache: HTTP ${response.status}: ${text.slice(0, 300)}`);
}

/** The ids of the endpoint cases, in the order they run. */
const ENDPOINT_IDS = [
  'health',
  'sandbox',
  'sandbox-direct',
  'search-hit',
  'search-hit-direct',
  'mcp-search-web',
] as const;

export async function measureEndpoints(
  t: BenchTopology,
  shape: LoadShape,
  log: (line: string) => void = console.log,
  only?: ReadonlySet<string>,
): Promise<EndpointFigures[]> {
  await primeCache(t);
  const figures: EndpointFigures[] = [];
  for (const plan of plans(t).filter((p) => only === undefined || only.has(p.id))) {
    interrupted.throwIfAborted();
    log(`  ${plan.label} via ${plan.via}: ${shape.connections} connections, ${shape.durationS} s…`);
    const measured = await load(plan.target, shape);
    figures.push({
      id: plan.id,
      label: plan.label,
      via: plan.via,
      connections: shape.connections,
      durationS: shape.durationS,
      ...measured,
    });
  }
  return figures;
}

/** Failed requests of each run, as problems. */
export const endpointProblems = (endpoints: readonly EndpointFigures[]): string[] =>
  endpoints
    .filter((e) => e.non2xx > 0 || e.errors > 0)
    .map((e) => `${e.label} via ${e.via}: ${e.non2xx} non-2xx, ${e.errors} errors`);

/** Command-line arguments of a run alone: the cases to run and the service to profile. */
function parseArguments(args: readonly string[]): { only?: Set<string>; profile?: ServiceName } {
  const ids = args.filter((a) => !a.startsWith('--'));
  const unknown = ids.filter((id) => !(ENDPOINT_IDS as readonly string[]).includes(id));
  if (unknown.length > 0)
    throw new Error(`unknown endpoint case ${unknown.join(', ')}; known: ${ENDPOINT_IDS.join(', ')}`);
  const profile = args.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length) as ServiceName | undefined;
  return { ...(ids.length > 0 ? { only: new Set(ids) } : {}), ...(profile ? { profile } : {}) };
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const s = BENCH_SETTINGS;
  const { only, profile } = parseArguments(process.argv.slice(2));
  const profileDir = join(REPO_ROOT, '.bench', 'profiles');
  const topology = await startBenchTopology({
    redisUrl: s.redisUrl,
    logLevel: s.logLevel,
    providerDelayMs: s.providerDelayMs,
    ...(profile ? { serviceEnv: { [profile]: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } } } : {}),
  });
  try {
    const endpoints = await measureEndpoints(
      topology,
      { connections: s.connections, durationS: s.durationS, warmupS: s.warmupS },
      console.log,
      only,
    );
    const services = await topology.memory();
    console.log(`\n${renderText(endpointsTable(endpoints))}\n\n${renderText(memoryTable(services))}`);
    console.log(
      `\nwrote ${await writeScratch('endpoints', { date: new Date().toISOString(), logLevel: s.logLevel, endpoints, services })}`,
    );
    const problems = endpointProblems(endpoints);
    if (problems.length > 0) {
      console.error(`FAIL:\n  ${problems.join('\n  ')}\n--- gateway (last lines) ---\n${topology.tail('gateway')}`);
      process.exitCode = 1;
    }
  } finally {
    await topology.stop();
  }
}
