import { escapeHtml } from '../html.ts';
import type { SitePage } from '../layout.ts';
import type { OpenApiDocument } from './api-reference.ts';
import { renderApiReference } from './api-reference.ts';
import type { Guide } from './guides.ts';

/** `/docs`: the introduction (docs/index.md), every guide, and the API reference from the OpenAPI description. */
export function docsIndexPage(intro: string, guides: readonly Guide[], openapi: OpenApiDocument): SitePage {
  const items = guides.map((g) => `<li><a href="/docs/${g.slug}">${escapeHtml(g.title)}</a></li>`);
  return {
    title: 'Documentation',
    path: '/docs',
    description: 'Rankgate guides and the API reference: search, ranking, errors, configuration, versioning.',
    body: `<div class="prose">${intro}</div>
<section aria-labelledby="guides"><h2 id="guides">Guides</h2>
<ul class="guide-list">${items.join('')}
<li><a href="/developers">Developer quick start</a>: curl, MCP client configuration, OAuth</li>
<li><a href="/auth.md">Agent authentication guide</a> (Markdown for agents)</li>
<li><a href="/errors">Every error code</a>, one page each</li></ul></section>
${renderApiReference(openapi)}`,
  };
}
