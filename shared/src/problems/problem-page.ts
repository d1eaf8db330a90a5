import type { ProblemCode } from './catalogue.ts';
import { PROBLEM_CODES, PROBLEMS } from './catalogue.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Inline code spans in catalogue text (`like this`) become <code>. */
const withCode = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Rankgate</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1d2330}
code{background:#f1f3f7;padding:.1em .3em;border-radius:3px}dt{font-weight:600}table{border-collapse:collapse}
td,th{padding:.3rem .6rem;border-bottom:1px solid #dde}a{color:#2754c5}</style></head>
<body>${body}</body></html>`;

/** The human page behind a problem's `type` URI. */
export function renderProblemPage(code: ProblemCode): string {
  const p = PROBLEMS[code];
  return layout(p.title, `<p><a href="/errors">All errors</a></p>
<h1>${escapeHtml(p.title)}</h1>
<dl><dt>HTTP status</dt><dd>${p.status}</dd><dt>Code</dt><dd><code>${code}</code></dd>
<dt>What it means</dt><dd>${withCode(p.description)}</dd><dt>What to do</dt><dd>${withCode(p.hint)}</dd></dl>
<p>Every error body is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>,
<code>status</code>, <code>detail</code>, <code>instance</code>, <code>code</code>, <code>message</code>, <code>hint</code>
and a nested <code>error</code> copy.</p>`);
}

export function renderProblemIndex(): string {
  const rows = PROBLEM_CODES.map((code) => {
    const p = PROBLEMS[code];
    return `<tr><td>${p.status}</td><td><a href="/errors/${p.slug}"><code>${code}</code></a></td><td>${escapeHtml(p.title)}</td></tr>`;
  }).join('\n');
  return layout('Errors', `<h1>Errors</h1><p>Every code Rankgate puts on the wire.</p>
<table><thead><tr><th>Status</th><th>Code</th><th>Title</th></tr></thead><tbody>${rows}</tbody></table>`);
}
