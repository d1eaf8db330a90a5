/**
 * Test support: a tiny HTTP server on 127.0.0.1 that records every request and answers with
 * whatever the test's handler returns, so each adapter test can speak its provider's wire format.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined for none. */
  body: unknown;
}

export type Reply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; text: string }
  /** Never answers (the socket is destroyed when the server closes). */
  | { hang: true };

/** `reply` with extra response headers (a hang stays a hang). */
export function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return 'hang' in reply ? reply : { ...reply, headers: { ...reply.headers, ...headers } };
}

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` */
  url: string;
  seen: SeenRequest[];
  /** Most requests in flight at once (serial paging keeps it at 1). */
  maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(
  handle: (request: SeenRequest) => Reply | Promise<Reply>,
): Promise<FakeUpstream> {
  const hanging = new Set<ServerResponse>();
  let inFlight = 0;
  const server = createServer((req, res) => {
    inFlight += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      fake.seen.push(seen);
      void Promise.resolve(handle(seen)).then((reply) => {
        if ('hang' in reply) {
          hanging.add(res);
          return;
        }
        if ('json' in reply) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
          res.end(JSON.stringify(reply.json));
        } else {
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...reply.headers });
          res.end(reply.text);
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    seen: [],
    maxInFlight: 0,
    reset() {
      fake.seen = [];
      fake.maxInFlight = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}

/** A `127.0.0.1` URL where nothing listens (a port that was free a moment ago). */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
