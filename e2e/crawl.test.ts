/**
 * Crawls the origin from `/` as a link checker would: every same-origin link and asset must
 * answer, every in-page anchor must exist, every HTML page must have a title and the site's
 * security headers. Runs against E2E_BASE_URL when set, else the split topology started here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Target } from './harness/target.ts';
import { planTarget, startTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();

/** The site's own pages; the crawl must reach each of them from `/`. */
const SITE_PAGES = [
  '/',
  '/docs',
  '/docs/versioning',
  '/docs/versioning.md',
  '/developers',
  '/contact',
  '/privacy',
  '/errors',
  '/errors/rate-limited',
  '/config.js',
];

const MAX_PAGES = 400;

interface Fetched {
  status: number;
  contentType: string;
  headers: Headers;
  body: string;
}

interface Link {
  from: string;
  href: string;
}

/** href and src values of a page (the pages are server-rendered, so the HTML holds every link). */
const linksOf = (html: string): string[] =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

const idsOf = (html: string): Set<string> => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

describe.skipIf(plan.mode === 'skip')(suiteTitle('website crawl', plan), () => {
  let target: Target | undefined;
  const pages = new Map<string, Fetched>();
  const links: Link[] = [];

  beforeAll(async () => {
    target = await startTarget(plan);
    const origin = new URL(target.baseUrl).origin;
    const queue = ['/'];
    const seen = new Set(queue);
    while (queue.length > 0 && pages.size < MAX_PAGES) {
      const path = queue.shift()!;
      const response = await fetch(`${origin}${path}`, { redirect: 'follow', signal: AbortSignal.timeout(10_000) });
      const page = {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        headers: response.headers,
        body: await response.text(),
      };
      pages.set(path, page);
      if (!page.contentType.startsWith('text/html')) continue;
      for (const href of linksOf(page.body)) {
        links.push({ from: path, href });
        const url = new URL(href, `${origin}${path}`);
        if (url.origin !== origin) continue; // other sites are not ours to check (and not reachable here)
        const next = `${url.pathname}${url.search}`;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }, 120_000);
  afterAll(async () => {
    await target?.stop();
  });

  it(verifies('WEB-CRAWL-1'), () => {
    const origin = new URL(target!.baseUrl).origin;
    expect(pages.size).toBeLessThan(MAX_PAGES);
    for (const path of SITE_PAGES) expect([...pages.keys()], `the crawl reaches ${path}`).toContain(path);

    const broken = [...pages]
      .filter(([, page]) => page.status !== 200)
      .map(
        ([path, page]) =>
          `${path} → ${page.status} (linked from ${links
            .filter((l) => new URL(l.href, `${origin}${l.from}`).pathname === path.split('?')[0])
            .map((l) => l.from)
            .slice(0, 3)
            .join(', ')})`,
      );
    expect(broken).toEqual([]);

    const badAnchors = links.flatMap(({ from, href }) => {
      const url = new URL(href, `${origin}${from}`);
      if (url.origin !== origin || !url.hash) return [];
      const page = pages.get(`${url.pathname}${url.search}`);
      if (!page?.contentType.startsWith('text/html')) return [];
      return idsOf(page.body).has(decodeURIComponent(url.hash.slice(1))) ? [] : [`${from}: ${href}`];
    });
    expect(badAnchors).toEqual([]);

    const html = [...pages].filter(([, page]) => page.status === 200 && page.contentType.startsWith('text/html'));
    expect(html.length).toBeGreaterThan(20);
    const untitled = html.filter(([, page]) => !/<title>[^<]*\S[^<]*<\/title>/.test(page.body)).map(([path]) => path);
    expect(untitled).toEqual([]);
    // Only the external links of the page content leave the origin, and none of them is an asset.
    const externalAssets = links.filter(
      ({ from, href }) =>
        new URL(href, `${origin}${from}`).origin !== origin && /\.(?:js|css|svg|png|woff2?)(?:$|\?)/.test(href),
    );
    expect(externalAssets).toEqual([]);
  });

  it(verifies('WEB-HEADERS-1'), () => {
    const sitePages = [...pages].filter(
      ([path, page]) =>
        page.status === 200 &&
        (page.contentType.startsWith('text/html') ||
          path.startsWith('/assets/') ||
          path === '/config.js' ||
          page.contentType.startsWith('text/markdown')),
    );
    expect(sitePages.length).toBeGreaterThan(20);
    const missing = sitePages.flatMap(([path, { headers }]) => {
      const csp = headers.get('content-security-policy') ?? '';
      const ok =
        csp.includes("default-src 'self'") &&
        csp.includes("script-src 'self'") &&
        csp.includes("frame-ancestors 'none'") &&
        !csp.includes('unsafe-inline') &&
        headers.get('x-content-type-options') === 'nosniff' &&
        headers.get('referrer-policy') === 'no-referrer';
      return ok
        ? []
        : [
            `${path}: ${csp || 'no CSP'} / ${headers.get('x-content-type-options')} / ${headers.get('referrer-policy')}`,
          ];
    });
    expect(missing).toEqual([]);

    const config = pages.get('/config.js')!;
    expect(config.contentType).toMatch(/^text\/javascript\b/);
    expect(config.headers.get('cache-control')).toBe('no-store');
    expect(config.body).toMatch(
      /^window\.RANKGATE_CONFIG = \{"demo_mode":"(enabled|disabled)","demo_key":(null|"[^"]{16,}"),"api_base":"\/api\/v1"\};\n$/,
    );

    const assets = [...pages].filter(([path]) => path.startsWith('/assets/'));
    expect(assets.map(([path]) => path.replace(/\.[0-9a-f]{10}\./, '.')).sort()).toEqual([
      '/assets/favicon.svg',
      '/assets/search.js',
      '/assets/site.css',
    ]);
    for (const [path, asset] of assets)
      expect(asset.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
  });
});
