import { createServer } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FakeGateway } from '../testing/fake-gateway.ts';
import { OPERATOR_KEY, startFakeGateway } from '../testing/fake-gateway.ts';
import { GatewayClient } from './gateway-client.ts';

const INTERNAL_TOKEN = 'g'.repeat(40);
const caller = { apiKey: OPERATOR_KEY, requestId: 'req-gateway-client-1', clientIp: '198.51.100.4' };
const never = new AbortController().signal;

let gateway: FakeGateway;
beforeAll(async () => {
  gateway = await startFakeGateway();
});
afterAll(async () => {
  await gateway?.close();
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GatewayClient', () => {
  it('a gateway that does not answer in time is UPSTREAM_TIMEOUT (504), and the call is abandoned', async () => {
    const client = new GatewayClient({ baseUrl: gateway.url, internalToken: INTERNAL_TOKEN, timeoutMs: 200 });
    const started = Date.now();
    const result = await client.search({ q: 'hang' }, caller, never);
    expect(result).toMatchObject({ ok: false, failure: { status: 504, code: 'UPSTREAM_TIMEOUT' } });
    expect(Date.now() - started).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.searches().at(-1)?.aborted).toBe(true);
  });

  it('an unreachable gateway is SERVICE_UNAVAILABLE (503) with the catalogue remedy', async () => {
    const client = new GatewayClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      internalToken: INTERNAL_TOKEN,
      timeoutMs: 2000,
    });
    const result = await client.search({ q: 'tides' }, caller, never);
    expect(result).toMatchObject({
      ok: false,
      failure: { status: 503, code: 'SERVICE_UNAVAILABLE', hint: 'Retry with exponential backoff.' },
    });
  });

  it('the caller leaving aborts the gateway call and rejects instead of inventing a failure', async () => {
    const client = new GatewayClient({ baseUrl: gateway.url, internalToken: INTERNAL_TOKEN, timeoutMs: 5000 });
    const controller = new AbortController();
    const pending = client.search({ q: 'hang' }, caller, controller.signal);
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.searches().at(-1)?.aborted).toBe(true);
  });

  it('reads a problem document: code, detail, hint and Retry-After', async () => {
    const client = new GatewayClient({ baseUrl: gateway.url, internalToken: INTERNAL_TOKEN, timeoutMs: 2000 });
    const result = await client.search({ q: 'rate limited' }, caller, never);
    expect(result).toMatchObject({ ok: false, failure: { status: 429, code: 'RATE_LIMITED', retryAfterS: 7 } });
    if (!result.ok) expect(result.failure.hint).toContain('Retry-After');
  });

  it('an error page that is not a problem (a proxy in between) is classified by its status', async () => {
    const client = new GatewayClient({ baseUrl: gateway.url, internalToken: INTERNAL_TOKEN, timeoutMs: 2000 });
    const result = await client.search({ q: 'proxy error page' }, caller, never);
    expect(result).toMatchObject({
      ok: false,
      failure: { status: 502, code: 'UPSTREAM_ERROR', hint: 'Retry with exponential backoff.' },
    });
    if (!result.ok) expect(result.failure.detail).not.toContain('<html>');
  });

  it('sends the internal token, the request id, the client IP and the credential; nothing else of its own', async () => {
    const client = new GatewayClient({ baseUrl: gateway.url, internalToken: INTERNAL_TOKEN, timeoutMs: 2000 });
    const result = await client.search({ q: 'tides' }, caller, never);
    expect(result.ok).toBe(true);
    expect(gateway.searches().at(-1)?.headers).toMatchObject({
      'x-internal-token': INTERNAL_TOKEN,
      'x-request-id': caller.requestId,
      'x-rankgate-client-ip': caller.clientIp,
      'x-api-key': OPERATOR_KEY,
      'content-type': 'application/json',
    });
    expect(gateway.searches().at(-1)?.headers.authorization).toBeUndefined();
  });
});
