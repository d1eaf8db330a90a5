import type { ProblemCode } from './catalogue.ts';
import { PROBLEM_CODES, PROBLEMS } from './catalogue.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Inline code spans in catalogue text (`like this`) become <code>. */
const withCode = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The parts of a page; a layout wraps them in the site's head, navigation and stylesheet. */
export interface PageContent {
  title: string;
  /** The page's own path, so the layout can mark where the reader is. */
  path: string;
  /** One-sentence summary for `<meta name="description">`. */
  description: string;
  /** HTML of the main content. */
  body: string;
}

export type PageLayout = (page: PageContent) => string;

/** A bare document without styles, for callers that have no site layout (no inline style: the site CSP forbids it). */
export const plainLayout: PageLayout = ({ title, description, body }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Rankgate</title><meta name="description" content="${escapeHtml(description)}"></head>
<body><main>${body}</main></body></html>`;

/** The human page behind a problem's `type` URI. */
export function renderProblemPage(code: ProblemCode, layout: PageLayout = plainLayout): string {
  const p = PROBLEMS[code];
  return layout({
    title: `${p.title} (${p.status})`,
    path: `/errors/${p.slug}`,
    description: `Rankgate error ${code}: ${p.description.replace(/`/g, '')}`,
    body: `<nav aria-label="Breadcrumb" class="breadcrumb"><a href="/errors">Errors</a> / <span aria-current="page">${escapeHtml(p.slug)}</span></nav>
<h1>${escapeHtml(p.title)}</h1>
<dl class="facts"><dt>HTTP status</dt><dd>${p.status}</dd><dt>Code</dt><dd><code>${code}</code></dd>
<dt>Type URI</dt><dd><code>{base_url}/errors/${escapeHtml(p.slug)}</code></dd>
<dt>What it means</dt><dd>${withCode(p.description)}</dd><dt>What to do</dt><dd>${withCode(p.hint)}</dd></dl>
<p>Every error body is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>,
<code>status</code>, <code>detail</code>, <code>instance</code>, <code>code</code>, <code>message</code>, <code>hint</code>
and a nested <code>error</code> copy. The <code>detail</code> of a real response says what went wrong with that request;
the <code>hint</code> says what to do.</p>`,
  });
}

/** `/errors`: every code the service puts on the wire, linking to its page. */
export function renderProblemIndex(layout: PageLayout = plainLayout): string {
  const rows = PROBLEM_CODES.map((code) => {
    const p = PROBLEMS[code];
    return `<tr><td>${p.status}</td><td><a href="/errors/${p.slug}"><code>${code}</code></a></td><td>${escapeHtml(p.title)}</td></tr>`;
  }).join('\n');
  return layout({
    title: 'Errors',
    path: '/errors',
    description: 'Every error code Rankgate puts on the wire, with its HTTP status and remedy.',
    body: `<h1>Errors</h1><p>Every code Rankgate puts on the wire. Each problem's <code>type</code> URI is the page of its code.</p>
<div class="table-wrap" role="region" tabindex="0" aria-label="Problem codes"><table><caption>Problem codes</caption><thead><tr><th scope="col">Status</th><th scope="col">Code</th><th scope="col">Title</th></tr></thead><tbody>${rows}</tbody></table></div>`,
  });
}
