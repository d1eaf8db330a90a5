import { describe, expect, it } from 'vitest';

import { createMarkdownRenderer } from './markdown.ts';

const render = createMarkdownRenderer(new Set(['errors', 'ranking']));

describe('guide Markdown rendering', () => {
  it('gives headings GitHub-style ids and returns the first h1 as the title', () => {
    const { html, title } = render('# Errors\n\n## DEMO_EXHAUSTED\n\n## Hard gates, in order\n');
    expect(title).toBe('Errors');
    expect(html).toContain('<h2 id="demo_exhausted">DEMO_EXHAUSTED</h2>');
    expect(html).toContain('<h2 id="hard-gates-in-order">Hard gates, in order</h2>');
  });

  it('points links between guides at their HTML pages and leaves other links alone', () => {
    const { html } = render(
      '[a](ranking.md) [b](/docs/errors.md#rate_limited) [c](./errors.md) [d](other.md) [e](https://example.org/x.md) [f](/openapi.json)',
    );
    expect(html).toContain('href="/docs/ranking"');
    expect(html).toContain('href="/docs/errors#rate_limited"');
    expect(html).toContain('href="/docs/errors"');
    expect(html).toContain('href="other.md"');
    expect(html).toContain('href="https://example.org/x.md"');
    expect(html).toContain('href="/openapi.json"');
  });

  it('keeps the names of repository files outside docs/ but not their links (the site does not publish them)', () => {
    const { html } = render('See [`infra/k8s/`](../infra/k8s/README.md) and [compose](../docker-compose.yml).');
    expect(html).toBe('<p>See <code>infra/k8s/</code> and compose.</p>\n');
  });

  it('wraps tables so they scroll on narrow screens', () => {
    const { html } = render('## Limits\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toMatch(
      /<div class="table-wrap" role="region" tabindex="0" aria-label="Table: Limits"><table>[\s\S]*<\/table>\n?<\/div>/,
    );
    // Each region has its own name, also for two tables in one section.
    const two = render('## Limits\n\n| a |\n|---|\n| 1 |\n\n| b |\n|---|\n| 2 |\n').html;
    expect([...two.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1])).toEqual(['Table: Limits', 'Table: Limits (2)']);
  });
});
