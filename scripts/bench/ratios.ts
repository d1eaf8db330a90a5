/**
 * The comparisons the bench exists for, derived from the figures of one run: the gateway's hop
 * against calling the search service directly, our overhead against the provider's latency, MCP
 * against REST, the cascade's judge cost against judging everything, deep mode against its slowest
 * page, the second ranking-worker's gain, and what the burst limiter adds.
 */
import type { BenchResults, EndpointFigures, Ratios } from './results.ts';
import { round } from './stats.ts';

type Sections = Pick<BenchResults, 'endpoints' | 'searchOverhead' | 'limiter' | 'deep' | 'cascade'> &
  Partial<Pick<BenchResults, 'capabilities' | 'mcpOverhead'>>;

const pct = (part: number, whole: number): number => round((part / whole) * 100, 1);

function hop(endpoints: readonly EndpointFigures[], id: string): Ratios['gatewayVsDirect'][number] | undefined {
  const gateway = endpoints.find((e) => e.id === id);
  const direct = endpoints.find((e) => e.id === `${id}-direct`);
  if (!gateway || !direct) return undefined;
  return {
    endpoint: gateway.label,
    gatewayRps: gateway.requestsPerSecond,
    directRps: direct.requestsPerSecond,
    throughputPct: pct(gateway.requestsPerSecond, direct.requestsPerSecond),
    addedP50Ms: round(gateway.p50Ms - direct.p50Ms, 1),
  };
}

export function ratiosOf({
  endpoints,
  searchOverhead,
  mcpOverhead,
  limiter,
  deep,
  cascade,
  capabilities,
}: Sections): Ratios {
  const mcp = endpoints.find((e) => e.id === 'mcp-search-web');
  const rest = endpoints.find((e) => e.id === 'search-hit');
  const upstream = searchOverhead?.providerDelayMs;
  const overhead = (clientP50Ms: number) => {
    const overheadP50Ms = round(clientP50Ms - (upstream ?? 0), 1);
    return { clientP50Ms, overheadP50Ms, overheadPct: pct(overheadP50Ms, upstream ?? 1) };
  };
  return {
    gatewayVsDirect: ['sandbox', 'search-hit'].flatMap((id) => hop(endpoints, id) ?? []),
    overheadVsUpstream:
      searchOverhead && upstream
        ? {
            upstreamMs: upstream,
            oneClient: overhead(searchOverhead.oneClient.ms.client.p50),
            underLoad: {
              connections: searchOverhead.underLoad.connections,
              ...overhead(searchOverhead.underLoad.ms.client.p50),
            },
          }
        : null,
    mcpVsRest:
      mcp && rest
        ? {
            mcpRps: mcp.requestsPerSecond,
            restRps: rest.requestsPerSecond,
            throughputPct: pct(mcp.requestsPerSecond, rest.requestsPerSecond),
            addedP50Ms: round(mcp.p50Ms - rest.p50Ms, 1),
            ...(mcpOverhead ? { oneClientAddedP50Ms: round(mcpOverhead.addedP50Ms, 1) } : {}),
          }
        : null,
    cascadeVsAll: cascade
      ? {
          judgeTopN: cascade.cascade.judgeTopN,
          candidates: cascade.candidatesPerQuery,
          callsPct: pct(cascade.cascade.judgeCallsPerQuery, cascade.all.judgeCallsPerQuery),
          inputTokensPct: pct(cascade.cascade.inputTokensPerQuery, cascade.all.inputTokensPerQuery),
          outputTokensPct: pct(cascade.cascade.outputTokensPerQuery, cascade.all.outputTokensPerQuery),
        }
      : null,
    deepVsSlowestPage: deep
      ? {
          stageCP50Ms: deep.parallel.stageCMs.p50,
          slowestMs: deep.parallel.slowestMs,
          ratio: round(deep.parallel.stageCMs.p50 / deep.parallel.slowestMs, 2),
          sumMs: deep.parallel.sumMs,
          ratioToSum: round(deep.parallel.stageCMs.p50 / deep.parallel.sumMs, 3),
        }
      : null,
    deepWorkerScaling:
      deep && deep.load.oneWorker.pagesPerSecond > 0
        ? round(deep.load.twoWorkers.pagesPerSecond / deep.load.oneWorker.pagesPerSecond, 2)
        : null,
    limiterAdded: (limiter?.stores ?? [])
      .filter((s) => s.store !== 'off')
      .map(({ store, addedP50Ms, addedP99Ms }) => ({ store, addedP50Ms, addedP99Ms })),
    providerDownVsHealthy:
      capabilities && capabilities.providers.healthy.p50Ms > 0
        ? {
            healthyP50Ms: capabilities.providers.healthy.p50Ms,
            oneDownP50Ms: capabilities.providers.oneDown.p50Ms,
            ratio: round(capabilities.providers.oneDown.p50Ms / capabilities.providers.healthy.p50Ms, 2),
          }
        : null,
    extractVsSlowestPage: capabilities
      ? {
          clientP50Ms: capabilities.extract.clientMs.p50,
          slowestMs: capabilities.extract.slowestMs,
          pages: capabilities.extract.pages,
          ratio: round(capabilities.extract.clientMs.p50 / capabilities.extract.slowestMs, 2),
        }
      : null,
  };
}
