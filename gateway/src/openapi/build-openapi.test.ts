import { Validator } from '@seriousme/openapi-schema-validator';
import { SERVICE_VERSION } from '@rankgate/platform/version';
import { describe, expect, it } from 'vitest';

import { UPSTREAM_ROUTES } from '../proxy/upstream-routes.ts';
import { buildOpenApi } from './build-openapi.ts';

/** Every public route the service spec lists. */
const SPEC_PATHS = [
  '/health',
  '/v1',
  '/api',
  '/v1/sandbox',
  '/v1/search',
  '/v2',
  '/openapi.json',
  '/config.js',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-client/{client_id}.json',
  '/agent/identity',
  '/agent/identity/claim',
  '/agent/event/notify',
  '/oauth2/authorize',
  '/oauth2/token',
  '/oauth2/register',
  '/oauth2/revoke',
  '/oauth2/claim',
  '/mcp',
  '/.well-known/mcp',
  '/.well-known/mcp/server-card.json',
  '/auth.md',
  '/docs',
  '/docs/versioning.md',
  '/developers',
  '/contact',
  '/privacy',
  '/api/v1/search',
  '/v1/extract',
  '/api/v1/extract',
];

describe('the OpenAPI description', () => {
  const document = buildOpenApi('https://rankgate.test');

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('states the build version and the versioning policy', () => {
    expect(document.info).toMatchObject({
      version: SERVICE_VERSION,
      'x-api-versioning': { strategy: 'url', current: 'v1', policy: '/docs/versioning.md' },
    });
  });

  it('lists every public route of the spec and every proxied prefix', () => {
    const paths = Object.keys(document.paths as object);
    for (const path of SPEC_PATHS) expect(paths).toContain(path);
    for (const route of UPSTREAM_ROUTES) expect(paths.some((p) => p.startsWith(route.prefix))).toBe(true);
  });

  it('derives the GET search parameters from the shared request contract', () => {
    const get = (
      document.paths as Record<
        string,
        Record<string, { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[] }>
      >
    )['/v1/search']!.get!;
    const byName = Object.fromEntries(get.parameters.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual([
      'country',
      'end_date',
      'exclude_domains',
      'include_domains',
      'k',
      'language',
      'max_candidates',
      'max_chars',
      'mode',
      'nocache',
      'q',
      'rank',
      'safesearch',
      'start_date',
      'strict_dates',
      'time_range',
    ]);
    expect(byName.include_domains).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', maxItems: 50 },
    });
    expect(byName.time_range?.schema).toMatchObject({ enum: ['day', 'week', 'month', 'year'] });
    expect(byName.max_chars?.schema).toMatchObject({ minimum: 100, maximum: 100_000, default: 8_000 });
    expect(byName.q).toMatchObject({ required: true, schema: { minLength: 1, maxLength: 500 } });
    expect(byName.k?.schema).toMatchObject({ minimum: 1, maximum: 25, default: 10 });
    expect(byName.max_candidates?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
  });

  it('describes POST /v1/extract from the extract contract', () => {
    const schemas = (
      document.components as { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> }
    ).schemas;
    expect(schemas.ExtractRequest?.properties?.urls).toMatchObject({ type: 'array', minItems: 1, maxItems: 20 });
    expect(schemas.ExtractRequest?.properties?.max_chars).toMatchObject({ default: 8_000, maximum: 100_000 });
    expect(schemas.ExtractedPage?.properties?.status).toMatchObject({
      enum: expect.arrayContaining(['ok', 'refused', 'timeout', 'too_large', 'unsupported_type', 'empty']),
    });
    expect(schemas.SearchResponse).toBeDefined();
  });
});

describe('what strict clients and fuzzers found (Schemathesis, Redocly)', () => {
  const document = buildOpenApi('https://rankgate.test') as {
    paths: Record<
      string,
      Record<
        string,
        { security?: unknown; operationId?: string; responses: Record<string, unknown> } & Record<string, unknown>
      >
    >;
    components: { schemas: Record<string, unknown> };
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'delete'].includes(method))
      .map(([method, operation]) => ({ at: `${method} ${path}`, operation })),
  );

  it('gives every operation a unique operationId, its security (public ones `[]`) and a documented 4xx', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { at, operation } of operations) {
      expect(Array.isArray(operation.security), `${at} security`).toBe(true);
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('4')),
        `${at} 4xx`,
      ).toBe(true);
    }
    expect(document.paths['/health']?.get?.security).toEqual([]);
  });

  it('leaves response objects open to additive fields; the request stays closed (unknown fields are refused)', () => {
    const text = (name: string) => JSON.stringify(document.components.schemas[name]);
    for (const name of ['SearchResponse', 'SearchResult', 'HealthResponse', 'DiscoveryDocument', 'Problem']) {
      expect(text(name), name).not.toContain('"additionalProperties":false');
    }
    expect(text('SearchRequest')).toContain('"additionalProperties":false');
  });

  it('says what the OAuth endpoints refuse: empty required strings, unknown grant types', () => {
    const form = (path: string) =>
      (
        document.paths[path]?.post?.requestBody as {
          content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }>;
        }
      ).content['application/x-www-form-urlencoded']?.schema.properties ?? {};
    expect(form('/oauth2/revoke').token).toMatchObject({ type: 'string', minLength: 1 });
    expect(form('/oauth2/token').grant_type).toMatchObject({
      enum: [
        'urn:ietf:params:oauth:grant-type:jwt-bearer',
        'authorization_code',
        'urn:rankgate:agent-auth:grant-type:claim',
      ],
      minLength: 1,
    });
  });

  it('describes rank=off as it is: no judge and no gates, so no screening', () => {
    const rank = JSON.stringify(
      (document.components.schemas.SearchRequest as { properties: Record<string, unknown> }).properties.rank,
    );
    expect(rank).toContain('no gates run');
    expect(rank).not.toContain('still screen');
  });
});
