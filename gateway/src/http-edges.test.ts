/**
 * HTTP edges found by tools nobody here wrote (Schemathesis, a fuzzer): methods the gateway does
 * not take, plain OPTIONS, and `Expect: 100-continue` on a proxied POST, over a real socket.
 */
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from './app.ts';
import { testGatewayConfig } from './test-config.ts';
import { startTestUpstream } from './test-upstream.ts';

const OPERATOR_API_KEY = 'op-key-0123456789abcdef';
const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

let gateway: FastifyInstance;
let origin: string;
let search: Awaited<ReturnType<typeof startTestUpstream>>;
const bodies: unknown[] = [];

beforeAll(async () => {
  search = await startTestUpstream((app) => {
    app.post('/v1/search', async (request) => {
      bodies.push(request.body);
      return { results: [] };
    });
  });
  gateway = await buildGatewayApp({
    config: testGatewayConfig({
      BASE_URL: 'https://rankgate.test',
      INTERNAL_TOKEN: 'i'.repeat(48),
      OPERATOR_API_KEY,
      SEARCH_SERVICE_URL: search.url,
      AUTH_SERVICE_URL: 'http://127.0.0.1:1',
      MCP_SERVICE_URL: 'http://127.0.0.1:1',
    }),
    logger: silent,
  });
  origin = await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway.close();
  await search.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  continued: boolean;
}

/** One request over a socket, as a client that waits for 100 Continue before sending the body when asked to. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, continued });
        });
    });
    req.on('error', reject);
    if (headers.expect === '100-continue') {
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
    } else req.end(body);
  });
}

describe('methods and OPTIONS', () => {
  it('answers a method no route takes (QUERY, PATCH) with 405 and Allow, before reading any body', async () => {
    for (const method of ['QUERY', 'PATCH']) {
      const answer = await send(method, '/v1/search', { 'content-type': 'application/json' }, '{"q":"tides"}');
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST');
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
    }
    const bare = await send('QUERY', '/v1/search');
    expect(bare.status).toBe(405);
  });

  it('answers a plain OPTIONS with the methods that work; a CORS preflight keeps its CORS answer', async () => {
    const plain = await send('OPTIONS', '/v1/search');
    expect(plain.status).toBe(204);
    expect(plain.headers.allow).toBe('GET, HEAD, OPTIONS, POST');
    const preflight = await send('OPTIONS', '/v1/search', {
      origin: 'https://agent.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
  });
});

describe('Expect: 100-continue', () => {
  it('serves a proxied POST whose client waits for 100 Continue (the service gets the body, not the expectation)', async () => {
    const before = search.seen.length;
    const answer = await send(
      'POST',
      '/v1/search',
      {
        'content-type': 'application/json',
        'x-api-key': OPERATOR_API_KEY,
        expect: '100-continue',
      },
      '{"q":"how do tides work","k":3}',
    );
    expect(answer.continued).toBe(true);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ results: [] });
    expect(bodies.at(-1)).toEqual({ q: 'how do tides work', k: 3 });
    expect(search.seen.slice(before).every((seen) => seen.headers.expect === undefined)).toBe(true);
  });
});
