import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';

import { SearchResponseSchema } from '@rankgate/contracts';
import { createLogger } from '@rankgate/platform/logger';
import { SERVICE_VERSION } from '@rankgate/platform/version';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSearchApp } from './app.ts';
import { SearchEnvSchema } from './config.ts';
import { createSearchAdapters } from './dependencies.ts';

const INTERNAL_TOKEN = 's'.repeat(40);
const logger = createLogger({
  service: 'search',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});
const headers = { 'x-internal-token': INTERNAL_TOKEN };

/** A MediaWiki search API on 127.0.0.1 (the default `wikipedia` provider's wire format). */
const mediawiki = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      batchcomplete: true,
      query: {
        searchinfo: { totalhits: 1 },
        search: [
          {
            ns: 0,
            title: 'Tide',
            pageid: 1,
            snippet: '<span class="searchmatch">Tides</span> are the rise and fall of sea levels caused by the Moon.',
            timestamp: '2026-10-02T10:00:00Z',
          },
        ],
      },
    }),
  );
});
let app: FastifyInstance;

beforeAll(async () => {
  await new Promise<void>((resolve) => mediawiki.listen(0, '127.0.0.1', resolve));
  const config = SearchEnvSchema.parse({
    INTERNAL_TOKEN,
    BASE_URL: 'https://rankgate.test',
    WIKIPEDIA_BASE_URL: `http://127.0.0.1:${(mediawiki.address() as AddressInfo).port}`,
  });
  app = await buildSearchApp({ config, logger, ...(await createSearchAdapters(config, logger)) });
});
afterAll(async () => {
  await app.close();
  mediawiki.close();
});

describe('GET /v1/sandbox', () => {
  it('returns a canned response that satisfies the search response contract', async () => {
    const res = await app.inject({ url: '/v1/sandbox', headers: { ...headers, 'x-request-id': 'sandbox-req-1' } });
    expect(res.statusCode).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    expect(body.meta).toMatchObject({
      service_version: SERVICE_VERSION,
      request_id: 'sandbox-req-1',
      sandbox: true,
      provider: 'sandbox',
    });
    expect(body.results.map((r) => r.rank)).toEqual(body.results.map((_, i) => i + 1));
    expect(body.results.some((r) => r.injection_risk === 'medium')).toBe(true);
    expect(body.meta.dropped.map((d) => d.gate)).toEqual(
      expect.arrayContaining(['prompt_injection', 'is_republisher']),
    );
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
    const malformed = await app.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"q":',
    });
    expect(malformed.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    const text = await app.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'q=x',
    });
    expect(text.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('searches the default keyless provider and ranks the result', async () => {
    const res = await app.inject({
      url: '/v1/search?q=ocean+tides',
      headers: { ...headers, 'x-request-id': 'search-req-1' },
    });
    expect(res.statusCode).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    // Article URLs are built on the configured MediaWiki origin.
    const origin = `http://127.0.0.1:${(mediawiki.address() as AddressInfo).port}`;
    expect(body.results[0]).toMatchObject({ rank: 1, title: 'Tide', url: `${origin}/wiki/Tide`, domain: '127.0.0.1' });
    expect(body.results[0]!.snippet).toBe('Tides are the rise and fall of sea levels caused by the Moon.');
    expect(body.meta).toMatchObject({
      request_id: 'search-req-1',
      provider: 'wikipedia',
      judge: 'local',
      cache: { hit: false },
    });
  });
});

describe('filters on the wire', () => {
  it('reads a repeated GET list and comma-lists alike, and warns that Wikipedia cannot filter by country', async () => {
    const res = await app.inject({
      url: '/v1/search?q=ocean+tides&include_domains=127.0.0.1.nip.io,example.org&include_domains=example.net&country=de',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    expect(body.meta.applied_filters).toEqual({
      include_domains: ['127.0.0.1.nip.io', 'example.org', 'example.net'],
      country: 'DE',
    });
    // The MediaWiki double lives on 127.0.0.1, which none of these domains matches.
    expect(body.results).toEqual([]);
    expect(body.meta.dropped).toEqual([expect.objectContaining({ reason: 'include_domains', domain: '127.0.0.1' })]);
    expect(body.meta.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('wikipedia provider cannot filter by country')]),
    );
  });
});

describe('POST /v1/extract', () => {
  it.each([
    [{ urls: [] }, 422, 'VALIDATION_ERROR', 'urls'],
    [{ urls: ['ftp://example.org/file'] }, 422, 'VALIDATION_ERROR', 'urls[0]'],
    [{ urls: ['https://example.org/'], max_chars: 50 }, 422, 'VALIDATION_ERROR', 'max_chars'],
    [{ urls: ['https://example.org/'], url: 'x' }, 400, 'BAD_REQUEST', 'url'],
  ])('%j → %i %s naming %s', async (payload, status, code, field) => {
    const res = await app.inject({ method: 'POST', url: '/v1/extract', headers, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, errors: expect.arrayContaining([expect.objectContaining({ field })]) });
  });

  it('answers 503 naming the missing ranking worker when no queue is configured', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/extract',
      headers,
      payload: { urls: ['https://example.org/'] },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: expect.stringContaining('no ranking worker'),
    });
    expect(res.headers['retry-after']).toBe('60');
  });
});
