/**
 * Two discover providers on 127.0.0.1 in their real wire formats, for the several-providers suite:
 * Brave (`GET /res/v1/web/search`, `X-Subscription-Token`, `{web: {results}}` with `page_age`) and
 * SearXNG (`GET /search?format=json`, `{results}` with `publishedDate`). Each records the query
 * parameters it received and can be told to fail (HTTP 500) or to hang past the discover timeout.
 */
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type ProviderBehaviour = 'ok' | 'fail' | 'hang';

export interface ProviderResult {
  title: string;
  url: string;
  snippet: string;
  date?: string;
}

export interface FakeProvider {
  url: string;
  /** Query parameters of every search call, in order. */
  seen: URLSearchParams[];
  behaviour: ProviderBehaviour;
  /** What a `q` finds (exact text, operators included). */
  publish(q: string, results: ProviderResult[]): void;
  close(): Promise<void>;
}

export const FAKE_PROVIDER_KEY = 'brave-capabilities-e2e-key-31337';

async function startProvider(
  path: string,
  render: (results: ProviderResult[]) => unknown,
  authorised: (headers: Record<string, unknown>) => boolean,
): Promise<FakeProvider> {
  const published = new Map<string, ProviderResult[]>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== path) return json(404, { error: 'not found' });
    if (!authorised(req.headers)) return json(401, { error: 'unauthorised' });
    fake.seen.push(url.searchParams);
    if (fake.behaviour === 'fail') return json(500, { error: 'internal' });
    if (fake.behaviour === 'hang') {
      hanging.add(res);
      return undefined;
    }
    // Both APIs page; everything published fits on the first page.
    const first = (url.searchParams.get('offset') ?? '0') === '0' && (url.searchParams.get('pageno') ?? '1') === '1';
    return json(200, render(first ? (published.get(url.searchParams.get('q') ?? '') ?? []) : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeProvider = {
    url: `http://127.0.0.1:${port}`,
    seen: [],
    behaviour: 'ok',
    publish: (q, results) => {
      published.set(q, results);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}

export function startFakeBraveApi(): Promise<FakeProvider> {
  return startProvider(
    '/res/v1/web/search',
    (results) => ({
      type: 'search',
      web: {
        type: 'search',
        results: results.map((r) => ({
          title: r.title,
          url: r.url,
          description: r.snippet,
          ...(r.date ? { page_age: r.date } : {}),
        })),
      },
    }),
    (headers) => headers['x-subscription-token'] === FAKE_PROVIDER_KEY,
  );
}

export function startFakeSearxng(): Promise<FakeProvider> {
  return startProvider(
    '/search',
    (results) => ({
      query: '',
      results: results.map((r) => ({
        title: r.title,
        url: r.url,
        content: r.snippet,
        engine: 'fake',
        score: 1,
        publishedDate: r.date ?? null,
      })),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    }),
    () => true,
  );
}
