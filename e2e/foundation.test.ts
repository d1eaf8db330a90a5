/**
 * The public origin, black-box over HTTP against the gateway: its documents, its errors and request
 * ids. Runs against E2E_BASE_URL when set, else against the split topology started here.
 */
import { DiscoveryDocumentSchema, HealthResponseSchema, SearchResponseSchema } from '@rankgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HttpClient } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget, Target } from './harness/target.ts';
import { operatorHeaders, planTarget, startTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const localOnly = plan.mode !== 'local';
const LOCAL_ONLY = 'local topology only';

const json = { 'content-type': 'application/json' };

/** Requests that must fail, and how; each is checked for the full problem shape. */
const ERROR_CASES = [
  {
    name: 'GET /v2',
    instance: '/v2',
    status: 404,
    code: 'UNSUPPORTED_VERSION',
    call: (http: HttpClient) => http.get('/v2'),
  },
  {
    name: 'GET /v2/search',
    instance: '/v2/search',
    status: 404,
    code: 'UNSUPPORTED_VERSION',
    call: (http: HttpClient) => http.get('/v2/search?q=x'),
  },
  {
    name: 'GET /nope',
    instance: '/nope',
    status: 404,
    code: 'NOT_FOUND',
    call: (http: HttpClient) => http.get('/nope'),
  },
  {
    name: 'POST /v1/sandbox',
    instance: '/v1/sandbox',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    call: (http: HttpClient) => http.post('/v1/sandbox', '{}', { headers: json }),
  },
  {
    name: 'GET /v1/search?k=99',
    instance: '/v1/search',
    status: 422,
    code: 'VALIDATION_ERROR',
    call: (http: HttpClient) => http.get('/v1/search?q=x&k=99'),
  },
  {
    name: 'GET /v1/search?mode=full',
    instance: '/v1/search',
    status: 400,
    code: 'BAD_REQUEST',
    call: (http: HttpClient) => http.get('/v1/search?q=x&mode=full'),
  },
  {
    name: 'POST /v1/search text/plain',
    instance: '/v1/search',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    call: (http: HttpClient) => http.post('/v1/search', 'q=x', { headers: { 'content-type': 'text/plain' } }),
  },
  {
    name: 'POST /v1/search malformed JSON',
    instance: '/v1/search',
    status: 400,
    code: 'BAD_REQUEST',
    call: (http: HttpClient) => http.post('/v1/search', '{"q": ', { headers: json }),
  },
] as const;

describe.skipIf(plan.mode === 'skip')(suiteTitle('foundation: the public origin', plan), () => {
  let target: Target | undefined;
  let http: HttpClient;

  beforeAll(async () => {
    target = await startTarget(plan);
    http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
  });
  afterAll(async () => {
    await target?.stop();
  });

  describe('documents', () => {
    it(verifies('FOUND-HEALTH-1'), async () => {
      const response = await http.get('/health');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
      expect(HealthResponseSchema.parse(response.json).ok).toBe(true);
    });

    it(verifies('FOUND-DISCOVERY-1'), async () => {
      const [v1, api, health] = await Promise.all([http.get('/v1'), http.get('/api'), http.get('/health')]);
      expect([v1.status, api.status]).toEqual([200, 200]);
      expect(api.json).toEqual(v1.json);
      const discovery = DiscoveryDocumentSchema.parse(v1.json);
      expect(discovery.version).toBe(HealthResponseSchema.parse(health.json).service_version);
    });

    it(verifies('FOUND-VERSION-1', 'compared to each other, never to a literal'), async () => {
      const [health, openapi, sandbox] = await Promise.all([
        http.get('/health'),
        http.get('/openapi.json'),
        http.get('/v1/sandbox'),
      ]);
      const versions = {
        health: HealthResponseSchema.parse(health.json).service_version,
        openapi: (openapi.json as { info: { version: string } }).info.version,
        sandbox: SearchResponseSchema.parse(sandbox.json).meta.service_version,
      };
      expect(versions.health).not.toBe('');
      expect(versions).toEqual({ health: versions.health, openapi: versions.health, sandbox: versions.health });
    });

    it(verifies('FOUND-OPENAPI-1'), async () => {
      const response = await http.get('/openapi.json');
      expect(response.status).toBe(200);
      const document = response.json as { openapi: string; info: Record<string, unknown> };
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info['x-api-versioning']).toEqual({
        strategy: 'url',
        current: 'v1',
        policy: '/docs/versioning.md',
      });
    });

    it(verifies('FOUND-SANDBOX-1'), async () => {
      const response = await http.get('/v1/sandbox');
      expect(response.status).toBe(200);
      const sandbox = SearchResponseSchema.parse(response.json);
      expect(sandbox.meta.sandbox).toBe(true);
      expect(sandbox.results.length).toBeGreaterThan(0);
      expect(sandbox.results.map((row) => row.rank)).toEqual(sandbox.results.map((_, i) => i + 1));
    });
  });

  describe('errors', () => {
    it.each(ERROR_CASES)(
      verifies('FOUND-PROBLEM-1', '$name → $status $code'),
      async ({ call, status, code, instance }) => {
        expect(expectProblem(await call(http), status, code).instance).toBe(instance);
      },
    );

    it(verifies('FOUND-PROBLEM-2'), async () => {
      const types = new Set<string>();
      for (const { call, status, code } of ERROR_CASES) types.add(expectProblem(await call(http), status, code).type);
      for (const type of types) {
        const page = await http.get(type);
        expect(page.status, type).toBe(200);
        expect(page.headers.get('content-type'), type).toMatch(/^text\/html\b/);
      }
    });

    it(verifies('FOUND-VERSION-2'), async () => {
      for (const path of ['/v2', '/v2/search']) {
        const problem = expectProblem(await http.get(path), 404, 'UNSUPPORTED_VERSION');
        expect(problem.instance).toBe(path);
        expect(problem.hint).toContain('/docs/versioning.md');
      }
    });

    it(verifies('FOUND-NOTFOUND-1'), async () => {
      expect(expectProblem(await http.get('/nope'), 404, 'NOT_FOUND').instance).toBe('/nope');
    });

    it(verifies('FOUND-METHOD-1'), async () => {
      const response = await http.post('/v1/sandbox', '{}', { headers: json });
      expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.get('allow')?.split(/,\s*/)).toContain('GET');
    });

    it(verifies('FOUND-VALIDATION-1'), async () => {
      const problem = expectProblem(await http.get('/v1/search?q=x&k=99'), 422, 'VALIDATION_ERROR');
      expect(problem.detail).toContain('k');
      expect(problem.errors?.map((e) => e.field)).toEqual(['k']);
    });

    it(verifies('FOUND-BADREQ-1'), async () => {
      const problem = expectProblem(await http.get('/v1/search?q=x&mode=full'), 400, 'BAD_REQUEST');
      expect(problem.detail).toContain('mode');
    });

    it(verifies('FOUND-BADREQ-2'), async () => {
      const problem = expectProblem(await http.post('/v1/search', '{"q": ', { headers: json }), 400, 'BAD_REQUEST');
      expect(problem.detail).toMatch(/json/i);
    });

    it(verifies('FOUND-MEDIA-1'), async () => {
      expectProblem(
        await http.post('/v1/search', 'q=x', { headers: { 'content-type': 'text/plain' } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });
  });

  describe('request ids', () => {
    it(verifies('FOUND-REQID-1', 'echoed'), async () => {
      const id = `e2e-echo-${Date.now()}`;
      for (const path of ['/health', '/nope']) {
        const response = await http.get(path, { headers: { 'x-request-id': id } });
        expect(response.headers.get('x-request-id'), path).toBe(id);
      }
    });

    // Local only: in front of a deployment, an edge proxy may answer some errors with its own body.
    it.skipIf(localOnly)(verifies('FOUND-REQID-1', `problem request_id; ${LOCAL_ONLY}`), async () => {
      const id = `e2e-problem-${Date.now()}`;
      const response = await http.get('/nope', { headers: { 'x-request-id': id } });
      expect(expectProblem(response, 404, 'NOT_FOUND').request_id).toBe(id);
    });

    it(verifies('FOUND-REQID-2'), async () => {
      const malformed = 'not a valid id!';
      const response = await http.get('/health', { headers: { 'x-request-id': malformed } });
      const generated = response.headers.get('x-request-id');
      expect(generated).not.toBe(malformed);
      expect(generated).toMatch(/^[\w.:-]{8,128}$/);
    });
  });

  describe.skipIf(localOnly)(`internal boundary (${LOCAL_ONLY}: needs a service port)`, () => {
    it(verifies('FOUND-INTERNAL-1'), async () => {
      const local = target as LocalTarget;
      const search = httpClient(`http://127.0.0.1:${local.specs.get('search')!.port}`);
      expectProblem(await search.get('/v1/sandbox'), 401, 'UNAUTHORIZED');
      expectProblem(
        await search.get('/v1/sandbox', { headers: { 'x-internal-token': 'x'.repeat(64) } }),
        401,
        'UNAUTHORIZED',
      );
      // The same port with the gateway's token answers, so the 401s came from the guard.
      expect((await search.get('/v1/sandbox', { headers: { 'x-internal-token': local.internalToken } })).status).toBe(
        200,
      );
      expect((await search.get('/internal/health')).status).toBe(200);
    });
  });
});
