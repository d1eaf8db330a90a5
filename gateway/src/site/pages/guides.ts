import type { DocsFile } from '../../routes/docs-pages.ts';
import { escapeHtml } from '../html.ts';
import type { SitePage } from '../layout.ts';
import { createMarkdownRenderer } from '../markdown.ts';

/** A guide from docs/, rendered as HTML. */
export interface Guide {
  slug: string;
  title: string;
  /** The rendered Markdown, its own `<h1>` included. */
  html: string;
}

/** `index.md` is the introduction of /docs, not a guide of its own. */
const INTRO_SLUG = 'index';

export function renderGuides(files: readonly DocsFile[]): { intro: string; guides: Guide[] } {
  const render = createMarkdownRenderer(new Set(files.map((f) => f.slug).filter((slug) => slug !== INTRO_SLUG)));
  let intro = '';
  const guides: Guide[] = [];
  for (const file of files) {
    const { html, title } = render(file.markdown);
    if (file.slug === INTRO_SLUG) intro = html;
    else guides.push({ slug: file.slug, title: title ?? file.slug, html });
  }
  return { intro, guides };
}

const firstParagraph = (html: string): string =>
  (/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);

export function guidePage(guide: Guide): SitePage {
  return {
    title: guide.title,
    path: `/docs/${guide.slug}`,
    description: firstParagraph(guide.html) || `Rankgate documentation: ${guide.title}.`,
    body: `<nav aria-label="Breadcrumb" class="breadcrumb"><a href="/docs">Docs</a> / <span aria-current="page">${escapeHtml(guide.title)}</span></nav>
<article class="prose">${guide.html}</article>
<p class="source-link">This page is also published as Markdown: <a href="/docs/${guide.slug}.md">/docs/${guide.slug}.md</a>.</p>`,
  };
}
