import type { Tokens } from 'marked';
import { Marked, Renderer } from 'marked';

import { escapeHtml, scrollableTable, slugify } from './html.ts';

/**
 * Renders the guides in docs/ (trusted: they are part of this repository). Headings get ids, so
 * `/docs/errors#demo_exhausted` works; links between guides (`ranking.md`, `/docs/errors.md`)
 * point at their HTML pages; links to other repository files become plain names; tables scroll
 * on narrow screens.
 */
export function createMarkdownRenderer(
  guides: ReadonlySet<string>,
): (markdown: string) => { html: string; title: string | undefined } {
  const guideLink = (href: string): string => {
    const match = /^(?:\.\/|\/docs\/)?([\w-]+)\.md(#.*)?$/.exec(href);
    return match?.[1] && guides.has(match[1]) ? `/docs/${match[1]}${match[2] ?? ''}` : href;
  };
  // A Markdown table has no caption: its region is named after the section it sits in.
  let section = '';
  const labels = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === 'link') (token as Tokens.Link).href = guideLink((token as Tokens.Link).href);
    },
    renderer: {
      heading({ tokens, depth, text }) {
        section = text.replace(/`/g, '');
        return `<h${depth} id="${escapeHtml(slugify(text))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      link(token) {
        // `../infra/README.md` is a file of the repository, which this site does not publish: keep the name, drop the
        // link.
        if (token.href.startsWith('../')) return this.parser.parseInline(token.tokens);
        return false;
      },
      table(token) {
        const label = section ? `Table: ${section}` : 'Table';
        const seen = (labels.get(label) ?? 0) + 1;
        labels.set(label, seen);
        return scrollableTable(seen > 1 ? `${label} (${seen})` : label, Renderer.prototype.table.call(this, token));
      },
    },
  });
  return (markdown) => {
    section = '';
    labels.clear();
    const html = marked.parse(markdown, { async: false });
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
    return { html, title };
  };
}
