import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceApp } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import { currentTraceparent, parseTraceparent } from '@rankgate/platform/tracing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from './http-json.ts';

const token = 'i'.repeat(40);
const internal = { 'x-internal-token': token };

/** A provider stand-in that remembers the traceparent it was sent. */
const seenTraceparents: (string | undefined)[] = [];
const upstream = createServer((request, response) => {
  seenTraceparents.push(request.headers.traceparent as string | undefined);
  response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
});
let upstreamUrl = '';

const app = createServiceApp({
  service: 'svc',
  baseUrl: 'https://rg.example',
  logger: createLogger({ service: 'test', level: 'silent' }),
  internalToken: token,
});
app.post('/things', async () => {
  await requestJson({ provider: 'fake', url: upstreamUrl, timeoutMs: 2000 });
  return { traceparent: currentTraceparent() };
});

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('W3C trace context in provider calls', () => {
  const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

  it('carries the trace into outbound provider calls, also after a JSON body was read', async () => {
    seenTraceparents.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { ...internal, traceparent: incoming, 'content-type': 'application/json' },
      payload: '{"q":"x"}',
    });
    expect(response.statusCode).toBe(200);
    const ours = (response.json() as { traceparent: string }).traceparent;
    expect(seenTraceparents).toEqual([ours]);
    expect(parseTraceparent(ours)?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    // Outside a request there is no context, and nothing is sent.
    expect(currentTraceparent()).toBeUndefined();
    await requestJson({ provider: 'fake', url: upstreamUrl, timeoutMs: 2000 });
    expect(seenTraceparents.at(-1)).toBeUndefined();
  });
});
