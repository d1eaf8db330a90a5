/**
 * Required behaviours the e2e suites verify, one entry each. A test cites an entry with
 * `verifies('ID')`; e2e/coverage.test.ts fails when an entry is cited by no test, so this list only
 * names behaviours a test below actually exercises. Pure data: no logic, no imports.
 */
export interface Requirement {
  id: string;
  text: string;
  /** Where the behaviour is specified. */
  source: string;
}

const SPEC = 'service-spec.md';

export const REQUIREMENTS = [
  // The public origin's own documents.
  { id: 'FOUND-HEALTH-1', text: 'GET /health answers 200 {ok: true, service_version}', source: `${SPEC} § Endpoints; § Health response` },
  { id: 'FOUND-DISCOVERY-1', text: 'GET /v1 and GET /api answer the same discovery document', source: `${SPEC} § Endpoints; § API discovery response` },
  { id: 'FOUND-VERSION-1', text: 'health service_version, OpenAPI info.version and sandbox meta.service_version are equal', source: `${SPEC} § Versioning` },
  { id: 'FOUND-OPENAPI-1', text: 'GET /openapi.json is OpenAPI 3.1 with info.x-api-versioning {strategy url, current v1, policy /docs/versioning.md}', source: `${SPEC} § Versioning` },
  { id: 'FOUND-SANDBOX-1', text: 'GET /v1/sandbox answers a canned search response', source: `${SPEC} § Endpoints; § Search response` },

  // Errors.
  { id: 'FOUND-PROBLEM-1', text: 'every REST error is application/problem+json with all members, status equal to the HTTP status and type {base_url}/errors/<slug>', source: `${SPEC} § Problem details; § Errors` },
  { id: 'FOUND-PROBLEM-2', text: 'the type URL of a problem answers a human-readable HTML page', source: `${SPEC} § Problem details; docs/architecture.md § Errors` },
  { id: 'FOUND-VERSION-2', text: 'an unpublished version path (/v2, /v2/...) answers problem UNSUPPORTED_VERSION whose hint points to the versioning page', source: `${SPEC} § Versioning; § Errors` },
  { id: 'FOUND-NOTFOUND-1', text: 'an unknown path answers 404 problem NOT_FOUND', source: 'docs/errors.md § NOT_FOUND' },
  { id: 'FOUND-METHOD-1', text: 'a wrong method on a known path answers 405 problem METHOD_NOT_ALLOWED with Allow', source: 'docs/errors.md § METHOD_NOT_ALLOWED' },
  { id: 'FOUND-VALIDATION-1', text: 'k outside 1-25 answers 422 VALIDATION_ERROR naming the field', source: `${SPEC} § Errors; § Limits` },
  { id: 'FOUND-BADREQ-1', text: 'an invalid option value (mode not snip/deep) answers 400 BAD_REQUEST naming the problem', source: `${SPEC} § Errors` },
  { id: 'FOUND-BADREQ-2', text: 'POST /v1/search with malformed JSON answers 400 BAD_REQUEST', source: 'docs/errors.md § BAD_REQUEST' },
  { id: 'FOUND-MEDIA-1', text: 'POST /v1/search with a non-JSON body answers 415 UNSUPPORTED_MEDIA_TYPE', source: 'docs/errors.md § UNSUPPORTED_MEDIA_TYPE' },

  // Request ids and the internal boundary.
  { id: 'FOUND-REQID-1', text: 'a well-formed X-Request-Id is echoed, and a problem carries it as request_id', source: 'docs/errors.md (request_id, X-Request-Id)' },
  { id: 'FOUND-REQID-2', text: 'a malformed X-Request-Id is replaced by a generated one', source: 'docs/errors.md (request_id, X-Request-Id)' },
  { id: 'FOUND-INTERNAL-1', text: 'a service port refuses a call without the internal token (401 problem); the token opens it', source: 'docs/architecture.md § Calls between the gateway and the services' },


  // Search, through the gateway, against a fake Brave server (local topology).
  { id: 'SEARCH-AUTH-1', text: '/v1/search without a credential answers 401 with WWW-Authenticate resource_metadata; the operator key is accepted as X-API-Key or Bearer', source: `${SPEC} § Authentication` },
  { id: 'SEARCH-RANK-1', text: 'rows come back ranked 1..n by score, each with all seven signals, gate outcomes and an injection-risk label; meta echoes the request', source: `${SPEC} § Search response; docs/ranking.md` },
  { id: 'SEARCH-GATE-1', text: 'a candidate carrying an injection is gated out and listed in meta.dropped without its text', source: `${SPEC} § Ranking signals and hard gates` },
  { id: 'SEARCH-RELAX-1', text: 'when every candidate fails the gates, the pre-gate ranking is restored with gates_relaxed: true on each row and never in meta; meta.counts.gated_out and meta.dropped count no restored row', source: `${SPEC} § Ranking signals and hard gates` },
  { id: 'SEARCH-SCREEN-1', text: 'an injection in a description, in a hidden comment of its markup or in an extra snippet is gated out; with rank=off each such row says where the evidence lies (injection_evidence, per field) and a clean row carries none', source: 'issue #15 § Build 1, 4; docs/ranking.md § Evidence spans' },
  { id: 'SEARCH-CACHE-1', text: 'a repeated query is a cache hit with its age; nocache=true is a miss; the provider saw exactly the expected calls', source: `${SPEC} § What the service does` },
  { id: 'SEARCH-CACHE-2', text: '20 concurrent identical cold queries cause one upstream call', source: 'docs/architecture.md; issue: discover cache' },
  { id: 'SEARCH-UPSTREAM-1', text: 'a provider answering 500, garbage or 429 gives 502 UPSTREAM_ERROR (429 carries its Retry-After), with no key or upstream body in the answer', source: `${SPEC} § Errors` },
  { id: 'SEARCH-UPSTREAM-2', text: 'a provider that hangs gives 504 UPSTREAM_TIMEOUT with a hint to retry or lower max_candidates', source: `${SPEC} § Errors` },
  { id: 'SEARCH-UPSTREAM-3', text: 'a provider whose key is not configured gives 503 SERVICE_UNAVAILABLE naming the setting', source: `${SPEC} § Errors` },
  { id: 'SEARCH-RANKOFF-1', text: 'rank=off returns provider order, unscored and ungated, with the local injection score on every row', source: 'docs/ranking.md § rank=off' },
  { id: 'SEARCH-LOCAL-1', text: 'the local provider over the BEIR SciFact corpus answers queries through the gateway, finding the judged document', source: 'issue: search, local provider; services/search/src/discover/local/README.md' },
  { id: 'SEARCH-POST-1', text: 'POST /v1/search with a JSON body follows the same contract as GET', source: `${SPEC} § Search request` },
  // MCP through the gateway (local topology, fake Brave, operator API key).
  { id: 'MCP-SDK-1', text: 'the official SDK client connects through the gateway with 2025-03-26, 2025-06-18 and 2025-11-25 and lists search_web and the helper tools', source: `${SPEC} § Endpoints (/mcp); standards.md § 1.0-1.3` },
  { id: 'MCP-SEARCH-1', text: 'search_web with the operator API key returns the ranked search as structuredContent valid against its outputSchema, a text rendering that marks injection risk, and the gated-out source named without its text', source: `${SPEC} § Endpoints (/mcp); § Authentication; standards.md § 1.3` },
  { id: 'MCP-SEARCH-2', text: 'search_web reaches /v1/search through the gateway with the caller\'s credential: one request id from the MCP call to meta.request_id', source: 'issue #8 § Build 3; docs/mcp.md' },
  { id: 'MCP-HTTP-1', text: 'through the gateway: GET and DELETE /mcp 405, a foreign Origin 403, a batch 400 under 2025-06-18 and answered under 2025-03-26, 406 / 415 / -32700 as the SDK rules say, no session id', source: 'standards.md § 1.1, § 1.8' },
  { id: 'MCP-PROGRESS-1', text: 'a tools/call with a progress token is streamed through the gateway as SSE: progress notifications, then the result', source: 'issue #8 § Build 4; standards.md § 1.1' },
  { id: 'MCP-AUTH-1', text: '/mcp without a credential answers 401 with WWW-Authenticate resource_metadata …/oauth-protected-resource/mcp, an invalid one 401 invalid_token; the server card needs none', source: `${SPEC} § Authentication; standards.md § 1.4` },
  { id: 'MCP-OAUTH-1', text: 'through the real agent registration: an anonymous identity\'s jwt-bearer token (health:read mcp:invoke) lists the tools and calls the helper tools with the SDK client, and search_web is refused as a tool error with the steps to claim; after the claim ceremony (pending, the person confirms at /oauth2/claim) the claimed token calls search_web under each revision with structuredContent valid against the outputSchema, the pre-claim token is refused, and a token without mcp:invoke gets 403 on /mcp', source: `${SPEC} § Authentication (rules 1, 3, 6), § States and transitions; issue #8 § Done when` },
  { id: 'MCP-OAUTH-2', text: 'RFC 8707: code + PKCE (oauth4webapi) with resource={base}/mcp found from the 401 and the MCP resource metadata gives a token with aud {base}/mcp that works on /mcp (search_web included) and is 401 invalid_token directly on /v1/search; a foreign resource is invalid_target', source: 'standards.md §1.4, §2.6; MCP authorization 2025-06-18+' },
  { id: 'MCP-OAUTH-3', text: 'the MCP SDK\'s own OAuth client (StreamableHTTPClientTransport authProvider): 401 → resource metadata → dynamic registration → authorization with resource={base}/mcp and S256 → the person approves → finishAuth → search_web works', source: 'standards.md §1.4; MCP authorization 2025-11-25' },
  { id: 'MCP-OAUTH-4', text: 'a correctly signed token for another resource or from another issuer is 401 invalid_token on /mcp with the MCP resource metadata; a token naming both of our resources works on /mcp and /v1/search', source: 'standards.md §1.8 (14), §2.6' },
  { id: 'MCP-LIMIT-1', text: 'search_web counts once per search against the real client address, in the same window as REST searches; MCP requests and helper tools never count; another address is unaffected', source: `${SPEC} § Limits (burst rate limit: search and MCP search_web only)` },
  { id: 'MCP-DEMO-1', text: 'with the demo key, search_web shares the per-address demo allowance with REST and then fails with DEMO_EXHAUSTED as a tool error; helper tools never count', source: `${SPEC} § Limits (demo quota); § States` },
  { id: 'MCP-CARD-1', text: 'the server card is public at /.well-known/mcp/server-card.json and /mcp/server-card, CORS *, with the serverInfo values and the offered revisions', source: `${SPEC} § Endpoints; standards.md § 1.5` },
  // The authorization server, through the gateway, with a real OAuth client (oauth4webapi).
  { id: 'AUTH-META-1', text: 'RFC 8414 metadata: issuer = base URL, S256 only, the three grants, the agent_auth block with every member', source: `${SPEC} § Authentication-related records; standards.md §2.1, §3` },
  { id: 'AUTH-PRM-1', text: 'RFC 9728 metadata for the origin and /mcp (resource = the URL it was built from) and the seeded client document', source: `${SPEC} § Authentication-related records; standards.md §2.2` },
  { id: 'AUTH-CODE-1', text: 'code + PKCE S256 with the seeded public client: operator consent page (not frameable, no referrer), a one-hour JWT for {base_url}/, no-store; the code is single-use', source: `${SPEC} § Authentication rule 5; standards.md §2.9` },
  { id: 'AUTH-ANON-1', text: 'anonymous registration gives a clm_ claim token and an assertion that exchanges (jwt-bearer) for health:read mcp:invoke only', source: `${SPEC} § States and transitions; § Authentication rule 6` },
  { id: 'AUTH-CLAIM-1', text: 'claim ceremony: authorization_pending, slow_down, the person confirms at /oauth2/claim, one token with search:read and a fresh identity_assertion, then invalid_grant', source: `${SPEC} § States and transitions; standards.md §2.8, §3` },
  { id: 'AUTH-REVOKE-1', text: 'POST /oauth2/revoke answers 200 and is idempotent; the same assertion exchanges for a new token', source: `${SPEC} § Authentication rule 9; standards.md §2.4` },
  { id: 'AUTH-SET-1', text: 'a signed SET at /agent/event/notify answers 202 and the identity\'s next exchange gets invalid_grant; a forged one answers 400 invalid_key', source: `${SPEC} § Events; standards.md §4.2` },
  { id: 'AUTH-GUIDE-1', text: 'GET /auth.md is the agent-facing guide: every agent-auth endpoint and the claim grant, with curl examples', source: `${SPEC} § Endpoints (human-readable pages); issue 6 § Build 10` },
  { id: 'AUTH-CIMD-1', text: 'an https client_id is resolved from its client ID metadata document (SSRF-safe fetch); consent names its host and warns of loopback-only redirects; the code flow completes with that client_id', source: 'standards.md §2.11; issue 6 § Build 3' },
  { id: 'AUTH-CIMD-2', text: 'a document whose client_id differs from its URL, that uses a client secret, that redirects, or that lacks the redirect URI is refused with an error page and no redirect', source: 'standards.md §2.11' },
  { id: 'AUTH-LIMIT-1', text: 'POST /agent/identity and POST /oauth2/register share a per-IP sliding window (REGISTRATION_LIMIT_PER_MINUTE) with RateLimit fields; past it both answer 429 {error: rate_limited} with Retry-After, which an OAuth library reads as an OAuth error; other addresses and other OAuth calls are unaffected', source: 'issue 6 § Build 5 (rate_limited); standards.md §2.3, §3, §5.2' },
  { id: 'AUTH-UPSTREAM-1', text: 'with an upstream OpenID Connect provider configured, the consent and claim pages ask the person to sign in there instead of the operator key; an allow-listed person signs in (code + PKCE through a second oidc-provider), approves a client\'s code flow and confirms an agent\'s claim', source: 'issue 6 § Build 4' },
  { id: 'AUTH-UPSTREAM-2', text: 'someone the upstream provider signs in but who is not on the allow-list gets 403 and stays signed out; the operator key is not accepted on the pages instead', source: 'issue 6 § Build 4' },
  { id: 'AUTH-GW-1', text: 'an anonymous identity\'s token is 403 FORBIDDEN (insufficient_scope) on /v1/search and accepted on /health', source: `${SPEC} § Authentication rules 3, 6` },
  { id: 'AUTH-GW-2', text: 'after the claim, the claimed token and the fresh assertion\'s tokens search (200); the pre-claim token is refused (401)', source: `${SPEC} § States and transitions; standards.md §3` },
  { id: 'AUTH-GW-3', text: 'a token revoked at /oauth2/revoke is refused (401 with resource_metadata) on the next request', source: `${SPEC} § Authentication rule 9` },
  { id: 'AUTH-GW-4', text: 'a security event revoking the identity makes its live tokens 401 and its next exchange invalid_grant', source: `${SPEC} § Events` },
  { id: 'AUTH-DCR-1', text: 'dynamic registration answers 201 with a client_id; a plain-http non-loopback redirect URI is 400 invalid_redirect_uri', source: 'standards.md §2.3' },

  // Gateway policy.
  { id: 'POLICY-LIMIT-1', text: '200 concurrent searches from one client address with a limit of 60: exactly 60 admitted, 140 × 429 RATE_LIMITED with Retry-After; another address unaffected', source: `${SPEC} § Limits; docs/access-and-limits.md` },
  { id: 'POLICY-LIMIT-2', text: 'RateLimit-Policy and RateLimit parse as RFC 9651 Lists and count down per search; /health shows them without spending', source: `${SPEC} § Limits; docs/access-and-limits.md` },
  { id: 'POLICY-LIMIT-3', text: 'with the limiter store unreachable, searches answer 503 SERVICE_UNAVAILABLE (fail closed) and recover when it returns, without a restart', source: `${SPEC} § Limits` },
  { id: 'POLICY-DEMO-1', text: 'the demo key gets five searches per address across /v1 and /api/v1, then 429 DEMO_EXHAUSTED without Retry-After, still after a gateway restart', source: `${SPEC} § States; § Limits` },
  { id: 'POLICY-SECRETS-1', text: 'no response and no service log contains a configured secret (operator key, internal token, provider key); an oversized body is 413', source: 'issue: gateway policy, hygiene' },

  // Robustness.
  { id: 'FUZZ-1', text: 'hostile requests generated from /openapi.json for every public route never get a 5xx; REST errors are problem+json (OAuth keeps {error}, MCP JSON-RPC); no secret leaks; the service stays healthy', source: 'issue: benchmarks and reliability, fuzzing' },

  { id: 'FAULT-JUDGE-1', text: 'an LLM judge answering 500, hanging or sending garbage degrades the ranking to the cheap signals (200, judge signals null, within the judge timeout) and the next search after it recovers is judged again, without a restart', source: 'issue: benchmarks and reliability, faults; docs/ranking.md' },
  { id: 'FAULT-REDIS-1', text: 'Redis unreachable: the demo quota fails closed with 503; back: searches resume without a restart and no quota count was lost', source: 'issue: benchmarks and reliability, faults' },
  { id: 'FAULT-AUTH-1', text: 'the auth-server killed: its routes answer 503 while operator-key searches keep working; restarted, it serves again through the same gateway', source: 'issue: benchmarks and reliability, faults' },

  // Deep mode: the ranking-worker on BullMQ, safe page fetching, judged page text.
  { id: 'DEEP-PAGE-1', text: 'a deep search through the gateway returns rows judged on page text: page.judged_on "page", a content excerpt and date from the page, pages counted in meta', source: `${SPEC} § What the service does (mode deep); docs/deep-mode.md` },
  { id: 'DEEP-PARALLEL-1', text: 'twelve pages served with 300-800 ms delays are read in parallel: stage C takes about the slowest page, not the sum', source: 'issue: deep mode; docs/deep-mode.md' },
  { id: 'DEEP-HIDDEN-1', text: 'instructions hidden in a page (HTML comment, display:none) gate its row out; their text appears nowhere in the answer', source: 'docs/deep-mode.md § Extraction; docs/ranking.md' },
  { id: 'DEEP-SSRF-1', text: 'a result pointing at a private address or a forbidden port is never fetched; its row keeps snippet-level scores and names the refusal', source: 'standards.md § 6; docs/deep-mode.md § Safe fetching' },
  { id: 'DEEP-DEADLINE-1', text: 'with the ranking-worker killed mid-request, the request answers by its deadline with snippet-level rows that say so; a restarted worker picks work up; no page job is lost or run twice', source: 'issue: deep mode; docs/deep-mode.md § The page queue' },
  { id: 'DEEP-SCALE-1', text: 'two ranking-worker processes share the page jobs of one request', source: 'docs/architecture.md § The page queue; docs/deep-mode.md' },

  // The website, in a real browser (Chromium) and by crawling the origin.
  { id: 'WEB-SEARCH-1', text: 'on /, a typed query shows ranked cards (title, domain, snippet, score bar) whose Injection risk label equals the API\'s injection_risk, with the signals on demand', source: 'issue #9; service-spec.md § What the service does' },
  { id: 'WEB-RELAX-1', text: 'when the rows carry gates_relaxed, the page shows a relaxed-safety notice above the results', source: `${SPEC} § Ranking signals and hard gates; issue #9` },
  { id: 'WEB-ERROR-1', text: 'a failing search shows the problem\'s title, detail and hint; a wrong API key shows UNAUTHORIZED', source: 'issue #9' },
  { id: 'WEB-STATES-1', text: 'a slow search shows a busy loading state, and a search without candidates shows the empty state', source: 'issue #9' },
  { id: 'WEB-LIMIT-1', text: 'a 429 RATE_LIMITED shows the Retry-After wait and holds the button; a 429 DEMO_EXHAUSTED says the allowance is used and offers the key field', source: `${SPEC} § Errors; issue #9` },
  { id: 'WEB-KEY-1', text: 'with demo mode disabled the page asks for an API key and keeps it in session storage only', source: 'issue #9' },
  { id: 'WEB-DEMO-1', text: 'with demo mode enabled, /config.js publishes the demo key and the page searches with it without asking', source: `${SPEC} § Endpoints (/config.js); § Authentication` },
  { id: 'WEB-KEYBOARD-1', text: 'search, results and signals work with the keyboard alone, with a visible focus', source: 'issue #9' },
  { id: 'WEB-RESPONSIVE-1', text: 'at phone width the search page with results and /docs do not scroll sideways', source: 'issue #9' },
  { id: 'WEB-A11Y-1', text: 'axe-core finds no serious or critical violation on / (also with results) and /docs', source: 'issue #9' },
  { id: 'WEB-CSP-1', text: 'the pages run under their strict CSP without a violation or script error', source: 'issue #9' },
  { id: 'WEB-CRAWL-1', text: 'a crawl of the origin from / finds no broken link or anchor, and every HTML page has a title', source: 'issue #9' },
  { id: 'WEB-HEADERS-1', text: 'every crawled page and asset carries the strict CSP, nosniff and Referrer-Policy; /config.js is text/javascript and no-store', source: `${SPEC} § Endpoints (/config.js); issue #9` },

  // Split topology under process failure.
  { id: 'RES-HOP-1', text: 'with the search process killed, its routes answer 503 SERVICE_UNAVAILABLE within 2 s while /health and /v1 still answer', source: 'docs/architecture.md § Calls between the gateway and the services' },
  { id: 'RES-RECOVER-1', text: 'a restarted search process serves again through the same gateway process', source: 'docs/architecture.md § Calls between the gateway and the services' },
  { id: 'RES-SHUTDOWN-1', text: 'on SIGTERM the gateway, then each service, exits 0', source: 'docs/architecture.md § Shutdown' },
  // Operations: metrics, tracing, rolling restarts (split topology).
  { id: 'OPS-METRICS-1', text: 'every service serves Prometheus /metrics to the Bearer token only (services on their internal port, the gateway on METRICS_PORT, never on the public port), and each scrape parses', source: 'issue 10; docs/operations.md § Metrics' },
  { id: 'OPS-METRICS-2', text: 'searches through the gateway show in the metrics: requests by route and status, discover calls by provider, judge calls, discover cache hits and misses', source: 'issue 10; docs/operations.md § Metrics' },
  { id: 'OPS-TRACE-1', text: 'a W3C traceparent sent to the gateway reaches the provider with the same trace id, and the gateway and search log that trace id', source: 'issue 10; docs/operations.md § Tracing' },
  { id: 'OPS-METRICS-3', text: 'deep mode shows in the metrics: the page queue\'s depth by state (read live from Redis by search and the ranking-worker alike), each page job\'s duration by outcome and the page judge\'s calls on the ranking-worker', source: 'issue 10 (queue depth and job duration); docs/operations.md § Metrics' },
  { id: 'OPS-METRICS-4', text: '`npm start` with METRICS_PORT serves one /metrics (Bearer token only, never on the public port) holding every app\'s metrics, each labelled by service, the process metrics once, deep mode\'s page jobs and queue depth included', source: 'issue 10; docs/operations.md § Metrics' },
  { id: 'OPS-TRACE-2', text: 'a deep search\'s page jobs join the caller\'s trace: the ranking-worker logs each page it reads with the trace id the caller sent to the gateway', source: 'issue 10; docs/operations.md § Tracing' },
  { id: 'OPS-ROLL-1', text: 'a rolling restart of every service under load fails no request: answers are 200 or the documented 503 SERVICE_UNAVAILABLE, requests in flight at SIGTERM complete, every process exits 0 within its shutdown bound, and connections fail only while the single gateway restarts', source: 'issue 10; docs/operations.md § Upgrades' },
  { id: 'OPS-ROLL-2', text: 'a rolling restart of every service, ranking-worker included, under deep-search load loses no page job: each completes (retried to completion when it failed once) or ends as a typed failure its row reports, none is stalled or read more often than it was started, a stopping worker hands back what it cannot finish, and search answers within its shutdown bound', source: 'issue 10; issue 5; docs/operations.md § Shutdown and upgrades' },
  // Capabilities: filters, several providers, page reading (issue 18).
  { id: 'WEB-FILTER-1', text: 'the search page offers domain and time filters: they reach the API as include_domains / exclude_domains / time_range, the page says how many rows the filters removed, and the page URL keeps them', source: 'issue 18 § Done when' },
  { id: 'CAP-FILTER-1', text: 'domain, date, country, language and safesearch filters pass to each provider in its own form over GET (comma-lists) and POST (arrays), are enforced on the results with every removed row in meta.dropped with its reason, and are echoed in meta.applied_filters with meta.as_of', source: 'issue 18 § Filters; docs/api.md' },
  { id: 'CAP-FILTER-2', text: 'a malformed domain or date answers 422 VALIDATION_ERROR naming the field', source: 'issue 18 § Filters' },
  { id: 'CAP-PROVIDERS-1', text: 'with DISCOVER_PROVIDER=brave,searxng both are asked, their results fused by reciprocal rank and deduplicated by canonical URL, each row keeping every provider\'s rank, and meta.providers reports each', source: 'issue 18 § Several providers' },
  { id: 'CAP-PROVIDERS-2', text: 'a provider that fails or hangs past the discover timeout does not fail the search: it answers from the other with the provider\'s status (error, timeout) and a warning; after repeated failures the provider is cooling_down and not asked', source: 'issue 18 § Several providers' },
  { id: 'CAP-EXTRACT-1', text: 'POST /v1/extract reads pages through the ranking-worker and the safe fetcher: each URL answers its own status (ok, refused, http_error, unsupported_type, empty), content is cut at max_chars and screened, and a refused URL never fails the call', source: 'issue 18 § Screened page reading' },
  { id: 'CAP-EXTRACT-2', text: 'MCP read_pages reads pages through the gateway like POST /v1/extract, and search_web takes the filters', source: 'issue 18 § Screened page reading' },
] as const satisfies readonly Requirement[];

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];
