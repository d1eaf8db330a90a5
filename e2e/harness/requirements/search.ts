/** Search, deep mode and the capabilities of issue 18. */
import type { Requirement } from './requirement.ts';
import { SPEC } from './requirement.ts';

export const SEARCH_REQUIREMENTS = [
  // Search, through the gateway, against a fake Brave server (local topology).
  {
    id: 'SEARCH-AUTH-1',
    text: '/v1/search without a credential answers 401 with WWW-Authenticate resource_metadata; the operator key is accepted as X-API-Key or Bearer',
    source: `${SPEC} § Authentication`,
  },
  {
    id: 'SEARCH-RANK-1',
    text: 'rows come back ranked 1..n by score, each with all seven signals, gate outcomes and an injection-risk label; meta echoes the request',
    source: `${SPEC} § Search response; docs/ranking.md`,
  },
  {
    id: 'SEARCH-GATE-1',
    text: 'a candidate carrying an injection is gated out and listed in meta.dropped without its text',
    source: `${SPEC} § Ranking signals and hard gates`,
  },
  {
    id: 'SEARCH-RELAX-1',
    text: 'when every candidate fails the gates, the pre-gate ranking is restored with gates_relaxed: true on each row and never in meta; meta.counts.gated_out and meta.dropped count no restored row',
    source: `${SPEC} § Ranking signals and hard gates`,
  },
  {
    id: 'SEARCH-SCREEN-1',
    text: 'an injection in a description, in a hidden comment of its markup or in an extra snippet is gated out; with rank=off each such row says where the evidence lies (injection_evidence, per field) and a clean row carries none',
    source: 'issue #15 § Build 1, 4; docs/ranking.md § Evidence spans',
  },
  {
    id: 'SEARCH-CACHE-1',
    text: 'a repeated query is a cache hit with its age; nocache=true is a miss; the provider saw exactly the expected calls',
    source: `${SPEC} § What the service does`,
  },
  {
    id: 'SEARCH-CACHE-2',
    text: '20 concurrent identical cold queries cause one upstream call',
    source: 'docs/architecture.md; issue: discover cache',
  },
  {
    id: 'SEARCH-UPSTREAM-1',
    text: 'a provider answering 500, garbage or 429 gives 502 UPSTREAM_ERROR (429 carries its Retry-After), with no key or upstream body in the answer',
    source: `${SPEC} § Errors`,
  },
  {
    id: 'SEARCH-UPSTREAM-2',
    text: 'a provider that hangs gives 504 UPSTREAM_TIMEOUT with a hint to retry or lower max_candidates',
    source: `${SPEC} § Errors`,
  },
  {
    id: 'SEARCH-UPSTREAM-3',
    text: 'a provider whose key is not configured gives 503 SERVICE_UNAVAILABLE naming the setting',
    source: `${SPEC} § Errors`,
  },
  {
    id: 'SEARCH-RANKOFF-1',
    text: 'rank=off returns provider order, unscored and ungated, with the local injection score on every row',
    source: 'docs/ranking.md § rank=off',
  },
  {
    id: 'SEARCH-LOCAL-1',
    text: 'the local provider over the BEIR SciFact corpus answers queries through the gateway, finding the judged document',
    source: 'issue: search, local provider; services/search/src/discover/local/README.md',
  },
  {
    id: 'SEARCH-POST-1',
    text: 'POST /v1/search with a JSON body follows the same contract as GET',
    source: `${SPEC} § Search request`,
  },
  // Deep mode: the ranking-worker on BullMQ, safe page fetching, judged page text.
  {
    id: 'DEEP-PAGE-1',
    text: 'a deep search through the gateway returns rows judged on page text: page.judged_on "page", a content excerpt and date from the page, pages counted in meta',
    source: `${SPEC} § What the service does (mode deep); docs/deep-mode.md`,
  },
  {
    id: 'DEEP-PARALLEL-1',
    text: 'twelve pages served with 300-800 ms delays are read in parallel: stage C takes about the slowest page, not the sum',
    source: 'issue: deep mode; docs/deep-mode.md',
  },
  {
    id: 'DEEP-HIDDEN-1',
    text: 'instructions hidden in a page (HTML comment, display:none) gate its row out; their text appears nowhere in the answer',
    source: 'docs/deep-mode.md § Extraction; docs/ranking.md',
  },
  {
    id: 'DEEP-SSRF-1',
    text: 'a result pointing at a private address or a forbidden port is never fetched; its row keeps snippet-level scores and names the refusal',
    source: 'standards.md § 6; docs/deep-mode.md § Safe fetching',
  },
  {
    id: 'DEEP-DEADLINE-1',
    text: 'with the ranking-worker killed mid-request, the request answers by its deadline with snippet-level rows that say so; a restarted worker picks work up; no page job is lost or run twice',
    source: 'issue: deep mode; docs/deep-mode.md § The page queue',
  },
  {
    id: 'DEEP-SCALE-1',
    text: 'two ranking-worker processes share the page jobs of one request',
    source: 'docs/architecture.md § The page queue; docs/deep-mode.md',
  },

  // Capabilities: filters, several providers, page reading (issue 18).
  {
    id: 'WEB-FILTER-1',
    text: 'the search page offers domain and time filters: they reach the API as include_domains / exclude_domains / time_range, the page says how many rows the filters removed, and the page URL keeps them',
    source: 'issue 18 § Done when',
  },
  {
    id: 'CAP-FILTER-1',
    text: 'domain, date, country, language and safesearch filters pass to each provider in its own form over GET (comma-lists) and POST (arrays), are enforced on the results with every removed row in meta.dropped with its reason, and are echoed in meta.applied_filters with meta.as_of',
    source: 'issue 18 § Filters; docs/api.md',
  },
  {
    id: 'CAP-FILTER-2',
    text: 'a malformed domain or date answers 422 VALIDATION_ERROR naming the field',
    source: 'issue 18 § Filters',
  },
  {
    id: 'CAP-PROVIDERS-1',
    text: "with DISCOVER_PROVIDER=brave,searxng both are asked, their results fused by reciprocal rank and deduplicated by canonical URL, each row keeping every provider's rank, and meta.providers reports each",
    source: 'issue 18 § Several providers',
  },
  {
    id: 'CAP-PROVIDERS-2',
    text: "a provider that fails or hangs past the discover timeout does not fail the search: it answers from the other with the provider's status (error, timeout) and a warning; after repeated failures the provider is cooling_down and not asked",
    source: 'issue 18 § Several providers',
  },
  {
    id: 'CAP-EXTRACT-1',
    text: 'POST /v1/extract reads pages through the ranking-worker and the safe fetcher: each URL answers its own status (ok, refused, http_error, unsupported_type, empty), content is cut at max_chars and screened, and a refused URL never fails the call',
    source: 'issue 18 § Screened page reading',
  },
  {
    id: 'CAP-EXTRACT-2',
    text: 'MCP read_pages reads pages through the gateway like POST /v1/extract, and search_web takes the filters',
    source: 'issue 18 § Screened page reading',
  },
] as const satisfies readonly Requirement[];
