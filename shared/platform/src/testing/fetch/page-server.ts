/**
 * Small HTTP servers for fetcher tests: a router on 127.0.0.1 that records what it saw, and a
 * canary that counts every connection made to it (a refused fetch must never reach it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface PageServer {
  port: number;
  origin: string;
  /** Requests seen, in order: path and headers. */
  seen: { path: string; headers: IncomingMessage['headers'] }[];
  /** TCP connections accepted. */
  connections(): number;
  close(): Promise<void>;
}

export async function startPageServer(
  routes: Record<string, Route>,
  { host = '127.0.0.1', port = 0 } = {},
): Promise<PageServer> {
  const seen: PageServer['seen'] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, headers: req.headers });
    const route = routes[path.split('?')[0] ?? '/'];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    origin: `http://${host}:${bound}`,
    seen,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
