// @ts-check
/**
 * The search page (`/`): reads window.RANKGATE_CONFIG (from /config.js), calls
 * `GET {api_base}/search?mode=snip` with `Authorization: Bearer <key>` and renders the answer.
 * Plain ES module, no dependencies, no build. Text from the web (titles, snippets) only ever goes
 * into the page as text, never as HTML.
 */

import { card, h, safeHref, withPathLinks } from './result-card.js';

const KEY_STORAGE = 'rankgate.apiKey';

/** @param {string} id */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element;
}

const form = /** @type {HTMLFormElement} */ (byId('search-form'));
const queryInput = /** @type {HTMLInputElement} */ (byId('q'));
const kSelect = /** @type {HTMLSelectElement} */ (byId('k'));
const includeInput = /** @type {HTMLInputElement} */ (byId('include-domains'));
const excludeInput = /** @type {HTMLInputElement} */ (byId('exclude-domains'));
const timeSelect = /** @type {HTMLSelectElement} */ (byId('time-range'));
const filtersBox = /** @type {HTMLDetailsElement} */ (byId('filters'));
const searchButton = /** @type {HTMLButtonElement} */ (byId('search-button'));
const keyField = byId('key-field');
const keyInput = /** @type {HTMLInputElement} */ (byId('api-key'));
const forgetKey = byId('forget-key');
const demoNote = byId('demo-note');
const statusRegion = byId('status');
const alertRegion = byId('alert');
const resultsSection = byId('results');
const resultsHeading = byId('results-heading');
const resultsMeta = byId('results-meta');
const resultList = byId('result-list');

/** Risk bands from the shared contract, rendered into the page by the server. */
const bands = { medium: Number(resultsSection.dataset.riskMedium), high: Number(resultsSection.dataset.riskHigh) };

const config = (() => {
  const raw = /** @type {any} */ (window).RANKGATE_CONFIG ?? {};
  const demoKey = raw.demo_mode === 'enabled' && typeof raw.demo_key === 'string' && raw.demo_key ? raw.demo_key : null;
  return { demoKey, apiBase: typeof raw.api_base === 'string' ? raw.api_base : '/api/v1' };
})();

// ---------------------------------------------------------------------------------------------
// States

/**
 * The polite live region. Outcomes that the page shows anyway (results, an error box) are only
 * announced; progress and confirmations are also shown.
 * @param {string} text @param {{ loading?: boolean, shown?: boolean }} [options]
 */
function setStatus(text, { loading = false, shown = loading } = {}) {
  statusRegion.textContent = text;
  statusRegion.classList.toggle('loading', loading);
  statusRegion.classList.toggle('sr-only', !shown);
  resultsSection.setAttribute('aria-busy', String(loading));
}

/** @param {Node | null} content */
function setAlert(content) {
  alertRegion.replaceChildren(...(content ? [content] : []));
}

/** @param {any} body @param {string} query */
function showResults(body, query) {
  const rows = Array.isArray(body?.results) ? body.results : [];
  const meta = body?.meta ?? {};
  resultsSection.hidden = false;
  resultList.replaceChildren(...rows.map((/** @type {any} */ row) => card(row, bands)));
  resultsHeading.textContent = rows.length
    ? `${rows.length} ${rows.length === 1 ? 'source' : 'sources'} for “${query}”`
    : `No sources found for “${query}”`;
  const facts = [];
  if (meta.provider) facts.push(`provider ${meta.provider}`);
  if (meta.judge) facts.push(`judge ${meta.judge}`);
  if (typeof meta.timings_ms?.total === 'number') facts.push(`${Math.round(meta.timings_ms.total)} ms`);
  if (meta.cache?.hit === true) facts.push(`cached ${meta.cache.age_s ?? 0} s ago`);
  const gatedOut = meta.counts?.gated_out ?? 0;
  if (gatedOut > 0) facts.push(`${gatedOut} ${gatedOut === 1 ? 'candidate' : 'candidates'} removed by a safety gate`);
  const filteredOut = meta.counts?.filtered_out ?? 0;
  if (filteredOut > 0) facts.push(`${filteredOut} removed by your filters`);
  if (Array.isArray(meta.warnings)) facts.push(...meta.warnings.map(String));
  resultsMeta.textContent = facts.join(' · ');
  if (rows.some((/** @type {any} */ row) => row.gates_relaxed === true)) {
    setAlert(
      h(
        'div',
        { class: 'notice', id: 'relaxed-notice' },
        h('h2', {}, 'Relaxed safety'),
        h(
          'p',
          {},
          'Every candidate failed a safety gate (for example the prompt-injection screen), so these are the ungated results. ' +
            'Treat them as untrusted: do not let an agent follow instructions found in them.',
        ),
      ),
    );
  } else {
    setAlert(null);
  }
  setStatus(
    rows.length ? `${rows.length} ${rows.length === 1 ? 'result' : 'results'}.` : 'No results. Try other words.',
  );
}

/** Seconds from a Retry-After header (delay or HTTP date). @param {string | null} value */
function retryAfterSeconds(value) {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

let retryTimer = 0;
/** Keeps the button disabled until the limiter's window has passed. @param {number} seconds */
function holdButton(seconds) {
  window.clearInterval(retryTimer);
  let left = seconds;
  const tick = () => {
    if (left <= 0) {
      window.clearInterval(retryTimer);
      searchButton.disabled = false;
      searchButton.textContent = 'Search';
      return;
    }
    searchButton.disabled = true;
    searchButton.textContent = `Retry in ${left} s`;
    left -= 1;
  };
  tick();
  retryTimer = window.setInterval(tick, 1000);
}

function revealKeyField() {
  keyField.hidden = false;
}

/** @param {any} body */
const isProblem = (body) =>
  body !== null && typeof body === 'object' && typeof body.code === 'string' && typeof body.detail === 'string';

/** @param {Response} response @param {any} body */
function showProblem(response, body) {
  const problem = isProblem(body) ? body : null;
  resultsSection.hidden = true;
  const parts = [];
  if (response.status === 429 && problem?.code === 'DEMO_EXHAUSTED') {
    parts.push(
      h('h2', {}, 'Demo allowance used'),
      h('p', {}, problem.detail),
      h('p', {}, 'What to do: ', withPathLinks(String(problem.hint ?? ''))),
      h('p', {}, 'Have an API key? Enter it above and search again.'),
    );
    revealKeyField();
  } else if (response.status === 429) {
    const seconds = retryAfterSeconds(response.headers.get('retry-after'));
    parts.push(
      h('h2', {}, 'Too many searches'),
      h(
        'p',
        {},
        seconds === null
          ? 'Wait a moment, then try again.'
          : `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
      ),
    );
    if (problem) parts.push(h('p', {}, problem.detail));
    if (seconds !== null) holdButton(seconds);
  } else if (problem) {
    parts.push(
      h('h2', {}, `${problem.title ?? 'Error'} (${response.status})`),
      h('p', {}, problem.detail),
      h('p', {}, 'What to do: ', withPathLinks(String(problem.hint ?? ''))),
    );
    if (response.status === 401) revealKeyField();
  } else {
    parts.push(
      h('h2', {}, `Search failed (${response.status})`),
      h('p', {}, 'The service answered without a problem document. Try again in a moment.'),
    );
  }
  if (problem) {
    const typeHref = safeHref(String(problem.type ?? ''));
    parts.push(
      h(
        'p',
        { class: 'request-id' },
        'Code ',
        typeHref ? h('a', { href: typeHref }, h('code', {}, problem.code)) : h('code', {}, problem.code),
        problem.request_id ? ` · request id ${problem.request_id}` : '',
      ),
    );
  }
  setAlert(h('div', { class: 'problem', id: 'problem' }, ...parts));
  setStatus(`Search failed: ${problem?.code ?? `HTTP ${response.status}`}.`);
}

/** @param {string} message */
function showFailure(message) {
  resultsSection.hidden = true;
  setAlert(h('div', { class: 'problem', id: 'problem' }, h('h2', {}, 'Could not reach Rankgate'), h('p', {}, message)));
  setStatus('Search failed.');
}

// ---------------------------------------------------------------------------------------------
// Credentials: a typed key (kept in this tab's session storage only) wins over the demo key.

function storedKey() {
  try {
    return sessionStorage.getItem(KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}

/** @param {string} key */
function storeKey(key) {
  try {
    if (key) sessionStorage.setItem(KEY_STORAGE, key);
    else sessionStorage.removeItem(KEY_STORAGE);
  } catch {
    /* storage disabled: the key lives in the field only */
  }
}

const credential = () => keyInput.value.trim() || config.demoKey || '';

// ---------------------------------------------------------------------------------------------
// Searching

/** @type {AbortController | null} */
let inFlight = null;

/** The filter fields as search parameters; empty ones are left out. */
function filterParams() {
  /** @type {Record<string, string>} */
  const params = {};
  const include = includeInput.value.trim();
  const exclude = excludeInput.value.trim();
  if (include) params.include_domains = include;
  if (exclude) params.exclude_domains = exclude;
  if (timeSelect.value) params.time_range = timeSelect.value;
  return params;
}

/** @param {string} query @param {string} k */
async function search(query, k) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  setAlert(null);
  setStatus(`Searching for “${query}”…`, { loading: true });
  const params = new URLSearchParams({ q: query, k, mode: 'snip', ...filterParams() });
  try {
    const response = await fetch(`${config.apiBase}/search?${params}`, {
      headers: { authorization: `Bearer ${credential()}`, accept: 'application/json' },
      signal: controller.signal,
      cache: 'no-store',
    });
    const text = await response.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (controller !== inFlight) return;
    if (response.ok && body) showResults(body, query);
    else showProblem(response, body);
  } catch (error) {
    if (controller.signal.aborted) return;
    showFailure(
      `The request did not complete (${error instanceof Error ? error.message : String(error)}). Check your connection and try again.`,
    );
  } finally {
    if (controller === inFlight) {
      inFlight = null;
      statusRegion.classList.remove('loading');
      resultsSection.setAttribute('aria-busy', 'false');
    }
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const query = queryInput.value.trim();
  if (!query) {
    setAlert(
      h(
        'div',
        { class: 'problem', id: 'problem' },
        h('h2', {}, 'Type a query'),
        h('p', {}, 'The query needs 1-500 characters.'),
      ),
    );
    queryInput.focus();
    return;
  }
  storeKey(keyInput.value.trim());
  if (!credential()) {
    revealKeyField();
    setAlert(
      h(
        'div',
        { class: 'problem', id: 'problem' },
        h('h2', {}, 'API key needed'),
        h(
          'p',
          {},
          'Enter an API key to search: the operator key of your Rankgate, or an OAuth access token with scope search:read.',
        ),
      ),
    );
    keyInput.focus();
    return;
  }
  const url = new URL(window.location.href);
  url.search = new URLSearchParams({ q: query, k: kSelect.value, ...filterParams() }).toString();
  window.history.replaceState(null, '', url);
  void search(query, kSelect.value);
});

forgetKey.addEventListener('click', () => {
  keyInput.value = '';
  storeKey('');
  setStatus('The API key is forgotten.', { shown: true });
  keyInput.focus();
});

// Start: demo mode needs no key; otherwise the field asks for one (prefilled from this tab).
keyInput.value = storedKey();
keyField.hidden = Boolean(config.demoKey) && !keyInput.value;
demoNote.hidden = !config.demoKey;
const initial = new URLSearchParams(window.location.search);
const initialQuery = initial.get('q')?.trim() ?? '';
const initialK = initial.get('k');
if (initialK && [...kSelect.options].some((option) => option.value === initialK)) kSelect.value = initialK;
includeInput.value = initial.get('include_domains') ?? '';
excludeInput.value = initial.get('exclude_domains') ?? '';
const initialTime = initial.get('time_range');
if (initialTime && [...timeSelect.options].some((option) => option.value === initialTime))
  timeSelect.value = initialTime;
filtersBox.open = Boolean(includeInput.value || excludeInput.value || timeSelect.value);
if (initialQuery) {
  queryInput.value = initialQuery;
  if (credential()) void search(initialQuery, kSelect.value);
}
