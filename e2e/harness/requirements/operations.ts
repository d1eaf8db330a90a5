/** Robustness, the website, the split topology under failure and operations. */
import type { Requirement } from './requirement.ts';
import { SPEC } from './requirement.ts';

export const OPERATIONS_REQUIREMENTS = [
  // Robustness.
  {
    id: 'FUZZ-1',
    text: 'hostile requests generated from /openapi.json for every public route never get a 5xx; REST errors are problem+json (OAuth keeps {error}, MCP JSON-RPC); no secret leaks; the service stays healthy',
    source: 'issue: benchmarks and reliability, fuzzing',
  },

  {
    id: 'FAULT-JUDGE-1',
    text: 'an LLM judge answering 500, hanging or sending garbage degrades the ranking to the cheap signals (200, judge signals null, within the judge timeout) and the next search after it recovers is judged again, without a restart',
    source: 'issue: benchmarks and reliability, faults; docs/ranking.md',
  },
  {
    id: 'FAULT-REDIS-1',
    text: 'Redis unreachable: the demo quota fails closed with 503; back: searches resume without a restart and no quota count was lost',
    source: 'issue: benchmarks and reliability, faults',
  },
  {
    id: 'FAULT-AUTH-1',
    text: 'the auth-server killed: its routes answer 503 while operator-key searches keep working; restarted, it serves again through the same gateway',
    source: 'issue: benchmarks and reliability, faults',
  },

  // The website, in a real browser (Chromium) and by crawling the origin.
  {
    id: 'WEB-SEARCH-1',
    text: "on /, a typed query shows ranked cards (title, domain, snippet, score bar) whose Injection risk label equals the API's injection_risk, with the signals on demand",
    source: 'issue #9; service-spec.md § What the service does',
  },
  {
    id: 'WEB-RELAX-1',
    text: 'when the rows carry gates_relaxed, the page shows a relaxed-safety notice above the results',
    source: `${SPEC} § Ranking signals and hard gates; issue #9`,
  },
  {
    id: 'WEB-ERROR-1',
    text: "a failing search shows the problem's title, detail and hint; a wrong API key shows UNAUTHORIZED",
    source: 'issue #9',
  },
  {
    id: 'WEB-STATES-1',
    text: 'a slow search shows a busy loading state, and a search without candidates shows the empty state',
    source: 'issue #9',
  },
  {
    id: 'WEB-LIMIT-1',
    text: 'a 429 RATE_LIMITED shows the Retry-After wait and holds the button; a 429 DEMO_EXHAUSTED says the allowance is used and offers the key field',
    source: `${SPEC} § Errors; issue #9`,
  },
  {
    id: 'WEB-KEY-1',
    text: 'with demo mode disabled the page asks for an API key and keeps it in session storage only',
    source: 'issue #9',
  },
  {
    id: 'WEB-DEMO-1',
    text: 'with demo mode enabled, /config.js publishes the demo key and the page searches with it without asking',
    source: `${SPEC} § Endpoints (/config.js); § Authentication`,
  },
  {
    id: 'WEB-KEYBOARD-1',
    text: 'search, results and signals work with the keyboard alone, with a visible focus',
    source: 'issue #9',
  },
  {
    id: 'WEB-RESPONSIVE-1',
    text: 'at phone width the search page with results and /docs do not scroll sideways',
    source: 'issue #9',
  },
  {
    id: 'WEB-A11Y-1',
    text: 'axe-core finds no serious or critical violation on / (also with results) and /docs',
    source: 'issue #9',
  },
  {
    id: 'WEB-CSP-1',
    text: 'the pages run under their strict CSP without a violation or script error',
    source: 'issue #9',
  },
  {
    id: 'WEB-CRAWL-1',
    text: 'a crawl of the origin from / finds no broken link or anchor, and every HTML page has a title',
    source: 'issue #9',
  },
  {
    id: 'WEB-HEADERS-1',
    text: 'every crawled page and asset carries the strict CSP, nosniff and Referrer-Policy; /config.js is text/javascript and no-store',
    source: `${SPEC} § Endpoints (/config.js); issue #9`,
  },

  // Split topology under process failure.
  {
    id: 'RES-HOP-1',
    text: 'with the search process killed, its routes answer 503 SERVICE_UNAVAILABLE within 2 s while /health and /v1 still answer',
    source: 'docs/architecture.md § Calls between the gateway and the services',
  },
  {
    id: 'RES-RECOVER-1',
    text: 'a restarted search process serves again through the same gateway process',
    source: 'docs/architecture.md § Calls between the gateway and the services',
  },
  {
    id: 'RES-SHUTDOWN-1',
    text: 'on SIGTERM the gateway, then each service, exits 0',
    source: 'docs/architecture.md § Shutdown',
  },
  // Operations: metrics, tracing, rolling restarts (split topology).
  {
    id: 'OPS-METRICS-1',
    text: 'every service serves Prometheus /metrics to the Bearer token only (services on their internal port, the gateway on METRICS_PORT, never on the public port), and each scrape parses',
    source: 'issue 10; docs/operations.md § Metrics',
  },
  {
    id: 'OPS-METRICS-2',
    text: 'searches through the gateway show in the metrics: requests by route and status, discover calls by provider, judge calls, discover cache hits and misses',
    source: 'issue 10; docs/operations.md § Metrics',
  },
  {
    id: 'OPS-TRACE-1',
    text: 'a W3C traceparent sent to the gateway reaches the provider with the same trace id, and the gateway and search log that trace id',
    source: 'issue 10; docs/operations.md § Tracing',
  },
  {
    id: 'OPS-METRICS-3',
    text: "deep mode shows in the metrics: the page queue's depth by state (read live from Redis by search and the ranking-worker alike), each page job's duration by outcome and the page judge's calls on the ranking-worker",
    source: 'issue 10 (queue depth and job duration); docs/operations.md § Metrics',
  },
  {
    id: 'OPS-METRICS-4',
    text: "`npm start` with METRICS_PORT serves one /metrics (Bearer token only, never on the public port) holding every app's metrics, each labelled by service, the process metrics once, deep mode's page jobs and queue depth included",
    source: 'issue 10; docs/operations.md § Metrics',
  },
  {
    id: 'OPS-TRACE-2',
    text: "a deep search's page jobs join the caller's trace: the ranking-worker logs each page it reads with the trace id the caller sent to the gateway",
    source: 'issue 10; docs/operations.md § Tracing',
  },
  {
    id: 'OPS-ROLL-1',
    text: 'a rolling restart of every service under load fails no request: answers are 200 or the documented 503 SERVICE_UNAVAILABLE, requests in flight at SIGTERM complete, every process exits 0 within its shutdown bound, and connections fail only while the single gateway restarts',
    source: 'issue 10; docs/operations.md § Upgrades',
  },
  {
    id: 'OPS-ROLL-2',
    text: 'a rolling restart of every service, ranking-worker included, under deep-search load loses no page job: each completes (retried to completion when it failed once) or ends as a typed failure its row reports, none is stalled or read more often than it was started, a stopping worker hands back what it cannot finish, and search answers within its shutdown bound',
    source: 'issue 10; issue 5; docs/operations.md § Shutdown and upgrades',
  },
] as const satisfies readonly Requirement[];
