import type { Tokens } from 'marked';
import { Marked } from 'marked';

import { escapeHtml, slugify } from './html.ts';

/**
 * Renders the guides in docs/ (trusted: they are part of this repository). Headings get ids, so
 * `/docs/errors#demo_exhausted` works; links between guides (`ranking.md`, `/docs/errors.md`)
 * point at their HTML pages; tables scroll on narrow screens.
 */
export function createMarkdownRenderer(guides: ReadonlySet<string>): (markdown: string) => { html: string; title: string | undefined } {
  const guideLink = (href: string): string => {
    const match = /^(?:\.\/|\/docs\/)?([\w-]+)\.md(#.*)?$/.exec(href);
    return match?.[1] && guides.has(match[1]) ? `/docs/${match[1]}${match[2] ?? ''}` : href;
  };
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === 'link') (token as Tokens.Link).href = guideLink((token as Tokens.Link).href);
    },
    renderer: {
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${escapeHtml(slugify(text))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return (markdown) => {
    const html = (marked.parse(markdown, { async: false }))
      .replace(/<table>/g, '<div class="table-wrap"><table>')
      .replace(/<\/table>/g, '</table></div>');
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
    return { html, title };
  };
}
