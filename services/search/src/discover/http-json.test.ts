import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ProviderTimeoutError, ProviderUpstreamError } from './discover-errors.ts';
import { requestJson } from './http-json.ts';
import { parseRetryAfter } from '@rankgate/platform/upstream';
import type { FakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { BODY_MARKER, expectSafe, SECRET_KEY } from './testing/upstream-failure-contract.ts';

let upstream: FakeUpstream;
const big = 'x'.repeat(2048);

beforeAll(async () => {
  upstream = await startFakeUpstream((request) => {
    switch (request.path) {
      case '/echo':
        return {
          json: { method: request.method, body: request.body ?? null, type: request.headers['content-type'] ?? null },
        };
      case '/big':
        return { json: { big } };
      case '/moved':
        return { status: 301, headers: { location: `http://elsewhere.invalid/?key=${SECRET_KEY}` }, text: BODY_MARKER };
      case '/empty':
        return { text: '' };
      default:
        return { status: 404, json: {} };
    }
  });
});
afterAll(() => upstream.close());

const request = (path: string, extra: Partial<Parameters<typeof requestJson>[0]> = {}) =>
  requestJson({ provider: 'test', url: `${upstream.url}${path}?key=${SECRET_KEY}`, timeoutMs: 2000, ...extra });

describe('requestJson', () => {
  it('sends a JSON body as POST with its content type and returns the parsed reply', async () => {
    expect(await request('/echo', { body: { q: 'tides' } })).toEqual({
      method: 'POST',
      body: { q: 'tides' },
      type: 'application/json',
    });
    expect(await request('/echo')).toEqual({ method: 'GET', body: null, type: null });
  });

  it('refuses a body whose declared length passes its cap', async () => {
    const error = await request('/big', { maxBytes: 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUpstreamError);
    expect((error as ProviderUpstreamError).reason).toBe('sent a response larger than 1024 bytes');
    expectSafe(error, upstream.url);
    expect(await request('/big', { maxBytes: 4096 })).toEqual({ big });
  });

  it('counts streamed, decompressed bytes, so a small gzip bomb is refused', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.end(JSON.stringify({ pad: ' '.repeat(200_000) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const error = await requestJson({
      provider: 'test',
      url: `http://127.0.0.1:${port}/`,
      timeoutMs: 2000,
      maxBytes: 10_000,
    }).catch((e: unknown) => e);
    expect((error as ProviderUpstreamError).reason).toBe('sent a response larger than 10000 bytes');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('does not follow redirects (a key header must not travel to another host)', async () => {
    const error = await request('/moved').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUpstreamError);
    expect((error as ProviderUpstreamError).options).toEqual({ status: 301 });
    expect((error as Error).message).toContain('redirect');
    expectSafe(error, upstream.url);
  });

  it('treats an empty 200 as not JSON', async () => {
    await expect(request('/empty')).rejects.toMatchObject({ reason: 'sent a response that is not valid JSON' });
  });

  it('uses a shared deadline when given one, reporting the configured time', async () => {
    const deadline = AbortSignal.abort(new DOMException('late', 'TimeoutError'));
    const error = await request('/echo', { deadline, timeoutMs: 1234 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as ProviderTimeoutError).timeoutMs).toBe(1234);
  });

  it('lets the caller’s abort win over its own deadline', async () => {
    const reason = new Error('caller gone');
    const error = await request('/echo', { signal: AbortSignal.abort(reason), deadline: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBe(reason);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-10-02T10:00:00Z');
  it('reads delta-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Fri, 02 Oct 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Fri, 02 Oct 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read and clamps silly waits', () => {
    for (const value of [null, undefined, '', '-5', '1.5', 'soon', '2026-10-03'])
      expect(parseRetryAfter(value, now)).toBeUndefined();
    expect(parseRetryAfter('99999999', now)).toBe(86_400);
  });
});
