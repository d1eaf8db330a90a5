import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { startTestApp } from '../testing/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('OPTIONS on the OAuth endpoints', () => {
  it('lists on /oauth2/authorize only methods that work there (each answers as GET does, never 404/405)', async () => {
    const options = await test.call({ method: 'OPTIONS', url: '/oauth2/authorize' });
    expect(options.statusCode).toBe(204);
    const allowed = String(options.headers.allow).split(', ');
    expect(allowed).toEqual(['GET', 'HEAD', 'OPTIONS']);
    const get = await test.call({ method: 'GET', url: '/oauth2/authorize?client_id=unknown' });
    expect(get.statusCode).toBe(400);
    expect((await test.call({ method: 'HEAD', url: '/oauth2/authorize?client_id=unknown' })).statusCode).toBe(
      get.statusCode,
    );
    for (const method of ['POST', 'PUT'] as const) {
      const refused = await test.call({
        method,
        url: '/oauth2/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'client_id=unknown',
      });
      expect(refused.statusCode, method).toBe(405);
      expect(refused.headers.allow).toBe('GET, HEAD');
    }
  });

  it("answers a plain OPTIONS on the provider's CORS endpoints with Allow, and still serves their preflights", async () => {
    const plain = await test.call({ method: 'OPTIONS', url: '/oauth2/token' });
    expect(plain.statusCode).toBe(204);
    expect(plain.headers.allow).toBe('OPTIONS, POST');
    const preflight = await test.call({
      method: 'OPTIONS',
      url: '/oauth2/token',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
  });
});

describe('cookies on the claim page', () => {
  it("refuses a malformed cookie of ours with 400 and the remedy; skips another site's malformed cookie", async () => {
    const ours = await test.call({ method: 'GET', url: '/oauth2/claim', headers: { cookie: 'rg_browser=%E0%A4%A' } });
    expect(ours.statusCode).toBe(400);
    expect(ours.json()).toMatchObject({
      code: 'BAD_REQUEST',
      detail: expect.stringContaining("clear this site's cookies"),
    });
    expect(ours.body).not.toMatch(/URIError|at decodeURIComponent/);
    const foreign = await test.call({ method: 'GET', url: '/oauth2/claim', headers: { cookie: 'theme=%ZZ; other=1' } });
    expect(foreign.statusCode).toBe(200);
  });
});
