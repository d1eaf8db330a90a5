/**
 * A small web on 127.0.0.1 for deep mode: one server that speaks Brave's search API
 * (`GET /res/v1/web/search`, `X-Subscription-Token`) and serves the pages its results point at,
 * each after its own delay. A test registers what a query finds; the server counts page requests.
 */
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_WEB_KEY = 'brave-deep-e2e-key-4242';

export interface FakePage {
  /** Path on the fake web, e.g. `/pages/tides-1`. */
  path: string;
  title: string;
  /** What the search result says (stage A and B judge this). */
  snippet: string;
  /** The page itself (stage C judges this). */
  html: string;
  /** Milliseconds before the page answers. */
  delayMs?: number;
  status?: number;
  contentType?: string;
  /** The first this many requests get 503 (a transient failure the queue retries). */
  failFirst?: number;
}

export interface FakeWeb {
  origin: string;
  port: number;
  /** The `traceparent` of each search API call, in arrival order (undefined when none was sent). */
  searchTraceparents: (string | undefined)[];
  /** What a query finds: results point at the pages, which the server then serves. */
  publish(query: string, pages: FakePage[]): void;
  /** Results for `query` that point elsewhere (URLs as given; nothing served here). */
  publishUrls(query: string, results: { url: string; title: string; snippet: string }[]): void;
  /** Requests a page path received. */
  hits(path: string): number;
  /** Page requests not answered yet: path and `performance.now()` at arrival. */
  inFlight(): { path: string; since: number }[];
  close(): Promise<void>;
}

export async function startFakeWeb(): Promise<FakeWeb> {
  const results = new Map<string, { url: string; title: string; description: string }[]>();
  const pages = new Map<string, FakePage>();
  const hits = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const waiting = new Map<ServerResponse, { path: string; since: number }>();
  const searchTraceparents: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/res/v1/web/search') {
      const traceparent = req.headers.traceparent;
      searchTraceparents.push(typeof traceparent === 'string' ? traceparent : undefined);
      res.writeHead(req.headers['x-subscription-token'] === FAKE_WEB_KEY ? 200 : 401, {
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ type: 'search', web: { results: results.get(url.searchParams.get('q') ?? '') ?? [] } }));
      return;
    }
    const page = pages.get(url.pathname);
    const hit = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, hit);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    if (hit <= (page.failFirst ?? 0)) {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
      res.end('busy');
      return;
    }
    open.add(res);
    waiting.set(res, { path: url.pathname, since: performance.now() });
    res.on('close', () => {
      open.delete(res);
      waiting.delete(res);
    });
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(page.status ?? 200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8' });
      res.end(page.html);
    }, page.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    searchTraceparents,
    publish(query, list) {
      for (const page of list) pages.set(page.path, page);
      results.set(
        query,
        list.map((page) => ({ url: `${origin}${page.path}`, title: page.title, description: page.snippet })),
      );
    },
    publishUrls(query, list) {
      results.set(
        query,
        list.map(({ url, title, snippet }) => ({ url, title, description: snippet })),
      );
    },
    hits: (path) => hits.get(path) ?? 0,
    inFlight: () => [...waiting.values()],
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An article page about tides: its text says far more than its search snippet. */
export function tidePage(
  n: number,
  { delayMs, extraHtml = '' }: { delayMs?: number; extraHtml?: string } = {},
): FakePage {
  return {
    path: `/pages/tides-${n}`,
    title: `Tide notes ${n}`,
    snippet: `Notes, part ${n}.`,
    delayMs,
    html: `<!doctype html><html><head><title>Tide notes ${n}</title><meta property="article:published_time" content="2025-0${1 + (n % 9)}-15"></head><body>
<nav>Home · Notes · Contact</nav>
<article><h1>Ocean tides, part ${n}</h1>
<p>Ocean tides are caused by the gravitational pull of the Moon and the Sun on the oceans. Page ${n} marker: tidal-marker-${n}.</p>
<p>The Moon's gravity pulls the water on the near side of the Earth towards it, and a second bulge forms on the far side, so most coasts see two high tides a day.</p>
<p>Spring tides happen when the Sun and the Moon pull in line, at new and full moon; neap tides happen at the quarter moons.</p>
${extraHtml}
</article><footer>Contact the tide notes team.</footer></body></html>`,
  };
}
