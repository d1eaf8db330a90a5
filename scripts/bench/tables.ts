/**
 * The tables of every bench section, from its figures alone: the same rows print to the console
 * (renderText) and go into docs/performance.md (renderMarkdown), both from scripts/eval/report.ts.
 */
import type { Table } from '../eval/report.ts';
import type {
  CapabilitiesSection,
  CascadeConfigFigures,
  CascadeSection,
  DeepLoadFigures,
  DeepSection,
  EndpointFigures,
  LimiterSection,
  McpOverheadSection,
  SearchOverheadSection,
  ServiceMemory,
  TimingName,
} from './results.ts';

/** Fixed decimals with thousands separators, the same on every machine. */
export const num = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Milliseconds: a decimal below 100 ms, whole above. */
const ms = (value: number): string => num(value, value < 100 ? 1 : 0);
const mib = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : num(value, 1));

export type LoadRow = Pick<
  EndpointFigures,
  'label' | 'via' | 'connections' | 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'requests' | 'non2xx' | 'errors'
>;

export function endpointsTable(rows: readonly LoadRow[]): Table {
  return {
    title: 'Throughput and latency',
    headers: ['endpoint', 'via', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    rows: rows.map((e) => [
      e.label,
      e.via,
      String(e.connections),
      num(e.requestsPerSecond, e.requestsPerSecond < 100 ? 2 : 0),
      ms(e.p50Ms),
      ms(e.p99Ms),
      num(e.requests),
      String(e.non2xx),
      String(e.errors),
    ]),
  };
}

export function memoryTable(services: Record<string, ServiceMemory>): Table {
  return {
    title: 'Resident memory per service (MiB)',
    headers: ['service', 'start to ready ms', 'RSS at ready', 'RSS peak', 'RSS at end'],
    rows: Object.entries(services).map(([name, m]) => [
      name,
      m.readyMs === null ? '—' : num(m.readyMs),
      mib(m.rssReadyMiB),
      mib(m.rssPeakMiB),
      mib(m.rssEndMiB),
    ]),
  };
}

const TIMING_LABELS: Record<TimingName, string> = {
  client: 'client latency (sent → body read)',
  discover: 'discover (provider call + cache write)',
  rank: 'rank (cascade, local judge, gates)',
  serviceTotal: 'search service total',
  serviceOverhead: 'service overhead (total − discover − rank)',
  gatewayNetwork: 'gateway + network (client − total)',
};

export function overheadTable(section: SearchOverheadSection): Table {
  const { underLoad: u, oneClient: o } = section;
  const f = (v: number) => num(v, 1);
  return {
    title: `Cache-miss search, provider fixed at ${section.providerDelayMs} ms: ${u.connections} clients (${f(u.requestsPerSecond)} req/s), then one client (${o.requests} requests)`,
    headers: ['ms', `${u.connections} clients p50`, 'p90', 'p99', 'one client p50', 'p99'],
    rows: (Object.keys(TIMING_LABELS) as TimingName[]).map((name) => [
      TIMING_LABELS[name],
      f(u.ms[name].p50),
      f(u.ms[name].p90),
      f(u.ms[name].p99),
      f(o.ms[name].p50),
      f(o.ms[name].p99),
    ]),
  };
}

export function mcpOverheadTable(section: McpOverheadSection): Table {
  const f = (v: number) => num(v, 2);
  return {
    title: `Cached search, one client, ${section.pairs} pairs (REST then MCP search_web), ms`,
    headers: ['REST p50', 'MCP p50', 'MCP − REST per pair, p50', 'p90'],
    rows: [[f(section.restP50Ms), f(section.mcpP50Ms), f(section.addedP50Ms), f(section.addedP90Ms)]],
  };
}

export function deepTables(section: DeepSection): Table[] {
  const { parallel: p, load: l } = section;
  const row = (name: string, f: DeepLoadFigures) => [
    name,
    num(f.searchesPerSecond, 2),
    num(f.pagesPerSecond, 2),
    num(f.p50Ms),
    num(f.p99Ms),
    String(f.searches),
    String(f.errors),
  ];
  return [
    {
      title: `Deep mode, parallel pages: ${p.pages} pages answering after ${p.delaysMs.min}-${p.delaysMs.max} ms (sum ${num(p.sumMs)} ms), ${p.runs} searches one after another`,
      headers: ['stage C p50 ms', 'min', 'max', 'client p50 ms', '÷ slowest page', '÷ sum of delays'],
      rows: [
        [
          num(p.stageCMs.p50, 1),
          num(p.stageCMs.min, 1),
          num(p.stageCMs.max, 1),
          num(p.clientMsP50),
          num(p.stageCMs.p50 / p.slowestMs, 2),
          num(p.stageCMs.p50 / p.sumMs, 3),
        ],
      ],
    },
    {
      title: `Deep mode under load: ${l.clients} clients, searches of ${l.pagesPerSearch} pages × ${l.pageDelayMs} ms, ${l.durationS} s per phase, ${l.workerConcurrency} pages at a time per worker`,
      headers: ['ranking-workers', 'searches/s', 'pages/s', 'p50 ms', 'p99 ms', 'searches', 'errors'],
      rows: [row('one', l.oneWorker), row('two', l.twoWorkers)],
    },
  ];
}

export function cascadeTable(section: CascadeSection): Table {
  const row = (f: CascadeConfigFigures) => [
    f.label,
    num(f.judgeCallsPerQuery, 2),
    num(f.inputTokensPerQuery),
    num(f.outputTokensPerQuery),
    num(f.rankMsP50, 1),
  ];
  return {
    title: `Judge cost per query: ${section.dataset}, ${section.queries} queries × ${section.candidatesPerQuery} candidates, ${section.judge} judge, ${section.batchSize} candidates a call`,
    headers: ['configuration', 'judge calls', 'input tokens', 'output tokens', 'rank ms p50 (instant judge)'],
    rows: [row(section.cascade), row(section.all)],
  };
}

export function limiterTable(section: LimiterSection): Table {
  const f = (v: number) => num(v, 3);
  return {
    title: `Burst limiter: ${num(section.requests)} searches per store, ${section.concurrency} at a time, through the gateway to an instant fake search service`,
    headers: ['policy store', 'p50 ms', 'p99 ms', 'added p50 ms', 'added p99 ms'],
    rows: section.stores.map((s) => [
      s.store === 'off' ? 'none (limiter off)' : s.store,
      f(s.p50Ms),
      f(s.p99Ms),
      f(s.addedP50Ms),
      f(s.addedP99Ms),
    ]),
  };
}

export function capabilitiesTables(section: CapabilitiesSection): Table[] {
  const { providers: p, extract: e } = section;
  const statuses = Object.entries(p.oneDown.statuses)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  return [
    {
      title: `A provider down: ${p.requests} cache-miss searches one at a time, Brave answering after ${num(p.providerDelayMs)} ms`,
      headers: ['providers', 'p50 ms', 'p90 ms', 'errors', 'provider statuses'],
      rows: [
        ['brave (healthy)', num(p.healthy.p50Ms, 1), num(p.healthy.p90Ms, 1), String(p.healthy.errors), ''],
        [
          'brave + searxng (down)',
          num(p.oneDown.p50Ms, 1),
          num(p.oneDown.p90Ms, 1),
          String(p.oneDown.errors),
          statuses,
        ],
      ],
    },
    {
      title: `POST /v1/extract: ${e.pages} pages answering after ${e.delaysMs.min}-${e.delaysMs.max} ms (sum ${num(e.sumMs)} ms), ${e.runs} calls one after another`,
      headers: ['client p50 ms', 'min', 'max', '÷ slowest page', 'pages read'],
      rows: [
        [
          num(e.clientMs.p50, 1),
          num(e.clientMs.min, 1),
          num(e.clientMs.max, 1),
          num(e.clientMs.p50 / e.slowestMs, 2),
          `${e.pagesRead}/${e.pages * e.runs}`,
        ],
      ],
    },
  ];
}
