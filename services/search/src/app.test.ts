import { Writable } from 'node:stream';

import { SearchResponseSchema } from '@rankgate/shared/contracts';
import { createLogger } from '@rankgate/shared/logger';
import { SERVICE_VERSION } from '@rankgate/shared/version';
import { afterAll, describe, expect, it } from 'vitest';

import { buildSearchApp } from './app.ts';

const INTERNAL_TOKEN = 's'.repeat(40);
const logger = createLogger({ service: 'search', level: 'silent', destination: new Writable({ write: (_c, _e, done) => done() }) });
const app = buildSearchApp({ config: { BASE_URL: 'https://rankgate.test', INTERNAL_TOKEN }, logger });
const headers = { 'x-internal-token': INTERNAL_TOKEN };

afterAll(() => app.close());

describe('GET /v1/sandbox', () => {
  it('returns a canned response that satisfies the search response contract', async () => {
    const res = await app.inject({ url: '/v1/sandbox', headers: { ...headers, 'x-request-id': 'sandbox-req-1' } });
    expect(res.statusCode).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    expect(body.meta).toMatchObject({ service_version: SERVICE_VERSION, request_id: 'sandbox-req-1', sandbox: true });
    expect(body.results.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(body.results.some((r) => r.injection_risk !== 'low')).toBe(true);
  });
});

describe('/v1/search request contract', () => {
  it.each([
    ['GET', '/v1/search?q=x&k=0', 422, 'VALIDATION_ERROR', 'k'],
    ['GET', '/api/v1/search?k=3', 422, 'VALIDATION_ERROR', 'q'],
    ['GET', '/v1/search?q=x&max_candidates=500', 422, 'VALIDATION_ERROR', 'max_candidates'],
    ['GET', '/v1/search?q=x&mode=full', 400, 'BAD_REQUEST', 'mode'],
    ['GET', '/v1/search?q=x&nocache=maybe', 400, 'BAD_REQUEST', 'nocache'],
  ])('%s %s → %i %s naming %s', async (method, url, status, code, field) => {
    const res = await app.inject({ method: method as 'GET', url, headers });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, errors: [expect.objectContaining({ field })] });
  });

  it('applies the same contract to a JSON body', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/search', headers, payload: { q: 'x', rank: 'sideways' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('`rank` must be "on" or "off"');
  });

  it('answers malformed JSON with 400 and a non-JSON body with 415', async () => {
    const malformed = await app.inject({ method: 'POST', url: '/v1/search', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"q":' });
    expect(malformed.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    const text = await app.inject({ method: 'POST', url: '/v1/search', headers: { ...headers, 'content-type': 'text/plain' }, payload: 'q=x' });
    expect(text.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a valid request 503 until a discover provider is configured', async () => {
    const res = await app.inject({ url: '/v1/search?q=tides', headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', hint: expect.stringContaining('/v1/sandbox') });
  });
});
