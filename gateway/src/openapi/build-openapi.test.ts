import { Validator } from '@seriousme/openapi-schema-validator';
import { SERVICE_VERSION } from '@rankgate/shared/version';
import { describe, expect, it } from 'vitest';

import { UPSTREAM_ROUTES } from '../proxy/upstream-routes.ts';
import { buildOpenApi } from './build-openapi.ts';

/** Every public route the service spec lists. */
const SPEC_PATHS = [
  '/health', '/v1', '/api', '/v1/sandbox', '/v1/search', '/v2', '/openapi.json', '/config.js',
  '/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server', '/.well-known/oauth-client/{client_id}.json',
  '/agent/identity', '/agent/identity/claim', '/agent/event/notify', '/oauth2/authorize', '/oauth2/token', '/oauth2/register',
  '/oauth2/revoke', '/oauth2/claim', '/mcp', '/.well-known/mcp', '/.well-known/mcp/server-card.json',
  '/auth.md', '/docs', '/docs/versioning.md', '/developers', '/contact', '/privacy', '/api/v1/search', '/v1/extract', '/api/v1/extract',
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
    const get = (document.paths as Record<string, Record<string, { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[] }>>)['/v1/search']!.get!;
    const byName = Object.fromEntries(get.parameters.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual([
      'country', 'end_date', 'exclude_domains', 'include_domains', 'k', 'language', 'max_candidates', 'max_chars', 'mode', 'nocache', 'q', 'rank',
      'safesearch', 'start_date', 'strict_dates', 'time_range',
    ]);
    expect(byName.include_domains).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', maxItems: 50 } });
    expect(byName.time_range?.schema).toMatchObject({ enum: ['day', 'week', 'month', 'year'] });
    expect(byName.max_chars?.schema).toMatchObject({ minimum: 100, maximum: 100_000, default: 8_000 });
    expect(byName.q).toMatchObject({ required: true, schema: { minLength: 1, maxLength: 500 } });
    expect(byName.k?.schema).toMatchObject({ minimum: 1, maximum: 25, default: 10 });
    expect(byName.max_candidates?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
  });

  it('describes POST /v1/extract from the extract contract', () => {
    const schemas = (document.components as { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> }).schemas;
    expect(schemas.ExtractRequest?.properties?.urls).toMatchObject({ type: 'array', minItems: 1, maxItems: 20 });
    expect(schemas.ExtractRequest?.properties?.max_chars).toMatchObject({ default: 8_000, maximum: 100_000 });
    expect(schemas.ExtractedPage?.properties?.status).toMatchObject({ enum: expect.arrayContaining(['ok', 'refused', 'timeout', 'too_large', 'unsupported_type', 'empty']) });
    expect(schemas.SearchResponse).toBeDefined();
  });
});
