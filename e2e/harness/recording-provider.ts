/**
 * A Brave Web Search API stand-in on 127.0.0.1 for the operations suites: answers every query
 * with the same candidates after a fixed latency (so requests are in flight when a process is
 * signalled), and records each call's `traceparent` header.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { FAKE_BRAVE_KEY, TIDE_RESULTS } from './fake-brave.ts';

export interface RecordingProvider {
  url: string;
  /** The `traceparent` of each call, in arrival order (undefined when none was sent). */
  traceparents: (string | undefined)[];
  calls(): number;
  close(): Promise<void>;
}

export async function startRecordingProvider({
  latencyMs = 0,
}: { latencyMs?: number } = {}): Promise<RecordingProvider> {
  const traceparents: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    const header = request.headers.traceparent;
    traceparents.push(typeof header === 'string' ? header : undefined);
    const url = new URL(request.url ?? '/', 'http://fake');
    const answer = () => {
      if (request.headers['x-subscription-token'] !== FAKE_BRAVE_KEY) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"type":"ErrorResponse"}');
        return;
      }
      const page = Number(url.searchParams.get('offset') ?? 0);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'search', web: { results: page === 0 ? TIDE_RESULTS : [] } }));
    };
    if (latencyMs > 0) setTimeout(answer, latencyMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    traceparents,
    calls: () => traceparents.length,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
