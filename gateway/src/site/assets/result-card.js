// @ts-check
/**
 * A search result as a card: title link, domain and date, snippet, score, injection-risk label and
 * the signals table. Built with the DOM API and textContent only, so nothing from a result is ever
 * parsed as HTML. Imported by search.js (the asset server points the import at its hashed URL).
 */

/**
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {(Node | string | null | undefined | false)[]} children
 */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A bar for a 0-1 value; the width is set through the CSSOM, which the CSP allows. @param {number | null} value */
function bar(value) {
  const fill = h('span', { class: 'bar-fill' });
  fill.style.width = `${Math.round(Math.max(0, Math.min(1, value ?? 0)) * 100)}%`;
  return h('span', { class: 'bar', 'aria-hidden': 'true' }, fill);
}

/**
 * Plain text whose same-origin paths (`see /auth.md`) become links; everything else stays text.
 * @param {string} text
 */
function withPathLinks(text) {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(/(^|[\s(])(\/[a-z0-9][\w./-]*[\w/])/gi)) {
    const start = (match.index ?? 0) + match[1].length;
    fragment.append(text.slice(last, start), h('a', { href: match[2] }, match[2]));
    last = start + match[2].length;
  }
  fragment.append(text.slice(last));
  return fragment;
}

/** @param {number | null | undefined} value */
const formatScore = (value) => (typeof value === 'number' ? value.toFixed(2) : 'n/a');

/** @param {string} value */
function safeHref(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The API's own label; computed from the contract's bands only if a row lacks it.
 * @param {any} row @param {{ medium: number, high: number }} bands
 */
function riskOf(row, bands) {
  if (['low', 'medium', 'high'].includes(row.injection_risk)) return row.injection_risk;
  const score = row.signals?.prompt_injection;
  if (typeof score !== 'number' || score >= bands.high) return 'high';
  return score >= bands.medium ? 'medium' : 'low';
}

/** @param {'low' | 'medium' | 'high'} risk */
const riskLabel = (risk) => h('span', { class: `risk risk-${risk}` }, `Injection risk: ${risk}`);

/** @param {any} row */
function signalsDetails(row) {
  const rows = Object.entries(row.signals ?? {}).map(([name, value]) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, h('code', {}, name)),
      h('td', {}, typeof value === 'number' ? value.toFixed(2) : 'no parse'),
      h('td', {}, bar(typeof value === 'number' ? value : 0)),
    ),
  );
  const table = h(
    'table',
    {},
    h('caption', { class: 'sr-only' }, `Signals of result ${row.rank}`),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Signal'),
        h('th', { scope: 'col' }, 'Score'),
        h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Bar')),
      ),
    ),
    h('tbody', {}, ...rows),
  );
  const gates = row.gates
    ? Object.entries(row.gates)
        .map(([gate, outcome]) => `${gate} ${outcome}`)
        .join(' · ')
    : 'not run (rank=off)';
  const reasons =
    Array.isArray(row.injection_reasons) && row.injection_reasons.length
      ? row.injection_reasons.join('; ')
      : 'none found';
  return h(
    'details',
    { class: 'signals' },
    h('summary', {}, 'Signals', h('span', { class: 'sr-only' }, ` of result ${row.rank}`)),
    table,
    h('p', { class: 'signal-notes' }, `Gates: ${gates}`),
    h('p', { class: 'signal-notes' }, `Injection evidence: ${reasons}`),
    row.is_republisher === true ? h('p', { class: 'signal-notes' }, 'Republishes content from other sources.') : null,
  );
}

/** @param {any} row @param {{ medium: number, high: number }} bands */
function card(row, bands) {
  const titleId = `result-${row.rank}-title`;
  const href = safeHref(String(row.url ?? ''));
  const title = href
    ? h('a', { href, rel: 'noopener noreferrer nofollow' }, String(row.title || row.url))
    : document.createTextNode(String(row.title || row.url));
  const published = typeof row.published_at === 'string' ? ` · ${row.published_at.slice(0, 10)}` : '';
  const risk = riskOf(row, bands);
  return h(
    'li',
    { class: 'card', 'data-risk': risk },
    h(
      'article',
      { 'aria-labelledby': titleId },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'rank', 'aria-label': `Rank ${row.rank}` }, String(row.rank)),
        h('h3', { id: titleId }, title),
      ),
      h('p', { class: 'domain' }, `${row.domain ?? ''}${published}`),
      h('p', { class: 'snippet' }, String(row.snippet ?? '')),
      h(
        'div',
        { class: 'card-foot' },
        h('span', { class: 'score' }, `Score ${formatScore(row.score)}`, bar(row.score)),
        riskLabel(risk),
        row.gates_relaxed === true ? h('span', { class: 'tag-relaxed' }, 'Gates relaxed') : null,
      ),
      signalsDetails(row),
    ),
  );
}

export { card, h, safeHref, withPathLinks };
