import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../logger/index.ts';
import { ProblemError } from '@rankgate/contracts/problems';
import { SERVICE_VERSION } from '../version.ts';
import { createBaseApp, createServiceApp } from './create-service-app.ts';

const token = 't'.repeat(40);
const logged: string[] = [];
const logger = createLogger({
  service: 'test',
  destination: new Writable({
    write(c, _e, done) {
      logged.push(String(c));
      done();
    },
  }),
});
const app = createServiceApp({
  service: 'test',
  baseUrl: 'https://rg.example',
  logger,
  internalToken: token,
  bodyLimit: 1024,
});
app.get('/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
app.post('/things', async (request) => ({ got: request.body }));
app.get('/crash', async () => {
  throw new Error('secret internal detail at /srv/app.ts:12');
});
app.get('/teapot', async () => {
  throw new ProblemError('VALIDATION_ERROR', '`k` must be an integer from 1 to 25', { hint: 'lower k' });
});

const headers = { 'x-internal-token': token };

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('a service app', () => {
  it('answers its readiness probe without the internal token', async () => {
    const res = await app.inject('/internal/health');
    expect(res.json()).toEqual({ ok: true, service: 'test', service_version: SERVICE_VERSION, checks: {} });
  });

  it('reports a failing dependency as 503 not-ready', async () => {
    let redisUp = true;
    const probed = createServiceApp({
      service: 'probed',
      baseUrl: 'https://rg.example',
      logger,
      internalToken: token,
      readiness: {
        redis: async () => {
          if (!redisUp) throw new Error('ECONNREFUSED');
        },
      },
    });
    expect((await probed.inject('/internal/health')).json()).toMatchObject({ ok: true, checks: { redis: 'ok' } });
    redisUp = false;
    const down = await probed.inject('/internal/health');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ok: false, checks: { redis: 'failing' } });
    await probed.close();
  });

  it('counts a check that never answers as failing, within about a second', async () => {
    const hung = createServiceApp({
      service: 'hung',
      baseUrl: 'https://rg.example',
      logger,
      internalToken: token,
      readiness: { redis: () => new Promise<void>(() => {}) },
    });
    const started = Date.now();
    const res = await hung.inject('/internal/health');
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(2500);
    await hung.close();
  });

  it('refuses calls without the right internal token', async () => {
    for (const given of [undefined, 'wrong', token.slice(1)]) {
      const res = await app.inject({ url: '/things/1', headers: given ? { 'x-internal-token': given } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', type: 'https://rg.example/errors/unauthorized' });
    }
  });

  it('keeps a well-formed request id and echoes it; replaces a malformed one', async () => {
    const kept = await app.inject({ url: '/things/1', headers: { ...headers, 'x-request-id': 'req-12345678' } });
    expect(kept.headers['x-request-id']).toBe('req-12345678');
    const replaced = await app.inject({ url: '/things/1', headers: { ...headers, 'x-request-id': 'bad id\u0001' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('renders a thrown ProblemError with every member of the contract', async () => {
    const res = await app.inject({ url: '/teapot?x=1', headers });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const body = res.json();
    expect(body).toEqual({
      type: 'https://rg.example/errors/validation-error',
      title: 'Validation Error',
      status: 422,
      detail: '`k` must be an integer from 1 to 25',
      instance: '/teapot',
      code: 'VALIDATION_ERROR',
      message: '`k` must be an integer from 1 to 25',
      hint: 'lower k',
      error: { code: 'VALIDATION_ERROR', message: '`k` must be an integer from 1 to 25', hint: 'lower k' },
      request_id: res.headers['x-request-id'],
    });
  });

  it('answers 404 and 405 (with Allow) as problems', async () => {
    const missing = await app.inject({ url: '/nope', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/things/7', headers });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
    expect(wrongMethod.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  it('maps malformed JSON to 400, a foreign media type to 415 and a large body to 413', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"q":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'BAD_REQUEST',
      detail: expect.stringContaining('Malformed JSON body'),
    });
    const xml = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<q/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ q: 'x'.repeat(2000) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides crash details from the caller but logs them, and keeps serving', async () => {
    const res = await app.inject({ url: '/crash', headers });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('app.ts');
    expect(res.json().code).toBe('INTERNAL_ERROR');
    expect(logged.join('')).toContain('secret internal detail');
    expect((await app.inject({ url: '/things/2', headers })).statusCode).toBe(200);
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers headers over 16 KB with a 431 problem, and keeps serving', async () => {
    const app = createBaseApp({
      baseUrl: 'https://rankgate.test',
      logger: createLogger({ service: 'test', level: 'silent' }),
    });
    app.get('/ok', async () => ({ ok: true }));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const res = await fetch(`${url}/ok?q=${'x'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await res.json()).toMatchObject({
        code: 'HEADERS_TOO_LARGE',
        status: 431,
        type: 'https://rankgate.test/errors/headers-too-large',
      });
      expect((await fetch(`${url}/ok`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('errors the router raises', () => {
  it('answers an over-long path parameter with a 414 problem and a malformed URL with a 400 problem', async () => {
    const app = createBaseApp({
      baseUrl: 'https://rankgate.test',
      logger: createLogger({ service: 'test', level: 'silent' }),
    });
    app.get('/errors/:slug', async () => ({ ok: true }));
    const long = await app.inject(`/errors/${'x'.repeat(500)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ code: 'URI_TOO_LONG', status: 414 });
    const malformed = await app.inject('/errors/%zz');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    await app.close();
  });
});
