import { createServer } from 'node:net';

import type { SearchRequest } from '@rankgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CallerCredentials } from '../gateway/caller.ts';
import type { FakeGateway } from '../testing/fake-gateway.ts';
import { startFakeGateway } from '../testing/fake-gateway.ts';
import { SearchServiceClient } from './search-service-client.ts';

// The token the fake service believes (mcp-test-app's INTERNAL_TOKEN).
const INTERNAL_TOKEN = 'i'.repeat(40);
const caller: CallerCredentials = {
  requestId: 'req-search-client-1',
  clientIp: '198.51.100.9',
  identity: { kind: 'operator', scopes: ['search:read'], subject: 'operator' },
};
const never = new AbortController().signal;

// The fake gateway speaks the search service's /v1/search as well (same contract, same problems).
let service: FakeGateway;
const clients: SearchServiceClient[] = [];
const clientFor = (baseUrl: string, timeoutMs = 2000) => {
  const client = new SearchServiceClient({ baseUrl, internalToken: INTERNAL_TOKEN, timeoutMs });
  clients.push(client);
  return client;
};
beforeAll(async () => {
  service = await startFakeGateway();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await service?.close();
});

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('SearchServiceClient (undici pool)', () => {
  it('sends the internal headers and the caller, and returns the parsed body', async () => {
    const result = await clientFor(service.url).search({ q: 'tides' } as SearchRequest, caller, never);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({ results: expect.any(Array) });
    expect(result.headers.get('content-type')).toContain('application/json');
    expect(service.searches().at(-1)?.headers).toMatchObject({
      'x-internal-token': INTERNAL_TOKEN,
      'x-request-id': caller.requestId,
      'x-rankgate-client-ip': caller.clientIp,
      'x-rankgate-caller': JSON.stringify(caller.identity),
      'content-type': 'application/json',
    });
  });

  it('reads a problem document with its Retry-After', async () => {
    const result = await clientFor(service.url).search({ q: 'rate limited' } as SearchRequest, caller, never);
    expect(result).toMatchObject({ ok: false, failure: { status: 429, code: 'RATE_LIMITED', retryAfterS: 7 } });
  });

  it('a service that does not answer in time is UPSTREAM_TIMEOUT (504), and the call is abandoned', async () => {
    const result = await clientFor(service.url, 200).search({ q: 'hang' } as SearchRequest, caller, never);
    expect(result).toMatchObject({ ok: false, failure: { status: 504, code: 'UPSTREAM_TIMEOUT' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.searches().at(-1)?.aborted).toBe(true);
  });

  it('an unreachable service is SERVICE_UNAVAILABLE (503)', async () => {
    const result = await clientFor(`http://127.0.0.1:${await closedPort()}`).search(
      { q: 'tides' } as SearchRequest,
      caller,
      never,
    );
    expect(result).toMatchObject({ ok: false, failure: { status: 503, code: 'SERVICE_UNAVAILABLE' } });
  });

  it('the caller leaving aborts the call and rejects instead of inventing a failure', async () => {
    const controller = new AbortController();
    const pending = clientFor(service.url, 5000).search({ q: 'hang' } as SearchRequest, caller, controller.signal);
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow();
  });
});
