import {
  FILTER_LIMITS,
  INJECTION_RISK_MEDIUM_FROM,
  PROMPT_INJECTION_THRESHOLD,
  SEARCH_LIMITS,
} from '@rankgate/contracts';

import type { SitePage } from '../layout.ts';

/** Choices of `k` the page offers (the API accepts 1-25). */
const K_CHOICES = [3, 5, 10, 15, 25] as const;
const DEFAULT_K = SEARCH_LIMITS.k.default;

/** The `time_range` choices the page offers; '' sends none. */
const TIME_CHOICES = [
  ['', 'Any time'],
  ['day', 'Past day'],
  ['week', 'Past week'],
  ['month', 'Past month'],
  ['year', 'Past year'],
] as const;

const format = (n: number): string => n.toFixed(2);

/**
 * `/`: a search page fixed to `mode=snip`. The server renders the form, the empty result area and
 * the legend; assets/search.js reads /config.js, calls /api/v1/search and fills in the states. The
 * risk bands come from the shared contract, so the legend and the API's `injection_risk` agree.
 */
export function homePage(): SitePage {
  const options = K_CHOICES.map((k) => `<option value="${k}"${k === DEFAULT_K ? ' selected' : ''}>${k}</option>`).join(
    '',
  );
  const timeOptions = TIME_CHOICES.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');
  const [medium, high] = [format(INJECTION_RISK_MEDIUM_FROM), format(PROMPT_INJECTION_THRESHOLD)];
  return {
    title: 'Ranked, screened web search for agents',
    path: '/',
    description:
      'Try Rankgate: ranked, scored web sources, each screened for prompt injection before an agent reads it.',
    scripts: ['search.js'],
    body: `<section class="intro">
<h1>Ranked web sources, screened before your agent reads them</h1>
<p>Rankgate finds up to <em>k</em> sources for a query, ranks and scores them, and screens each one for prompt injection.
It never writes answers. This page searches in <code>snip</code> mode (title, URL and snippet).</p>
</section>
<form id="search-form" class="search-form" action="/" method="get" role="search" aria-label="Web search" novalidate>
<div class="field field-query"><label for="q">Query</label>
<input id="q" name="q" type="search" required maxlength="${SEARCH_LIMITS.queryLength.max}" autocomplete="off" spellcheck="false" placeholder="how do tides work"></div>
<div class="field field-k"><label for="k">Results</label><select id="k" name="k">${options}</select></div>
<details class="field field-filters" id="filters">
<summary>Filters</summary>
<div class="filter-grid">
<div class="field"><label for="include-domains">Only these sites</label>
<input id="include-domains" name="include_domains" type="text" autocomplete="off" spellcheck="false" placeholder="nature.com, noaa.gov" aria-describedby="domains-help"></div>
<div class="field"><label for="exclude-domains">Leave out sites</label>
<input id="exclude-domains" name="exclude_domains" type="text" autocomplete="off" spellcheck="false" placeholder="pinterest.com" aria-describedby="domains-help"></div>
<div class="field"><label for="time-range">Published</label><select id="time-range" name="time_range">${timeOptions}</select></div>
</div>
<p id="domains-help" class="help">Domains separated by commas (at most ${FILTER_LIMITS.domains}); a domain includes its subdomains.
Results with no known date are kept and show no date.</p>
</details>
<div class="field field-key" id="key-field" hidden>
<label for="api-key">API key</label>
<input id="api-key" type="password" autocomplete="off" spellcheck="false" aria-describedby="key-help">
<button id="forget-key" type="button" class="secondary">Forget key</button>
<p id="key-help" class="help">Sent as <code>Authorization: Bearer</code> to <code>/api/v1/search</code> and kept only in this tab
(session storage). Running your own Rankgate? <code>npm start</code> prints an operator key.</p>
</div>
<div class="field field-submit"><button id="search-button" type="submit">Search</button></div>
</form>
<p id="demo-note" class="help" hidden>Public demo: searches use a shared demo key with a small lifetime allowance per address.
For more, <a href="/developers">run your own Rankgate</a> or <a href="/auth.md">register an agent</a>.</p>
<noscript><p class="notice">This page needs JavaScript to search. The API does not: see <a href="/developers">the quick start</a>.</p></noscript>
<div id="status" class="status" role="status" aria-live="polite"></div>
<div id="alert" class="alert-region" role="alert"></div>
<section id="results" class="results" aria-labelledby="results-heading" hidden
 data-risk-medium="${INJECTION_RISK_MEDIUM_FROM}" data-risk-high="${PROMPT_INJECTION_THRESHOLD}">
<h2 id="results-heading" tabindex="-1">Results</h2>
<p id="results-meta" class="meta"></p>
<ol id="result-list" class="result-list"></ol>
</section>
<section class="legend" aria-labelledby="legend-heading">
<h2 id="legend-heading">Reading a result</h2>
<dl>
<dt>Score</dt><dd>0 to 1, from the ranking formula over the signals (<a href="/docs/ranking">how ranking works</a>). Open <em>Signals</em> on a card for the seven signal scores and the gate outcomes.</dd>
<dt>Injection risk</dt><dd><span class="risk risk-low">low</span> below ${medium};
<span class="risk risk-medium">medium</span> from ${medium} (evidence worth a look, still below the gate);
<span class="risk risk-high">high</span> from ${high}, where the safety gate removes the source.</dd>
<dt>Relaxed safety</dt><dd>When every candidate fails a safety gate, Rankgate returns the ungated ranking and marks each row
<code>gates_relaxed</code>. The page then says so above the results: treat those sources as untrusted.</dd>
</dl>
</section>`,
  };
}
