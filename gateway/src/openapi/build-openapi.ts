import { SCOPE_SUMMARIES } from '@rankgate/contracts';
import { SERVICE_VERSION } from '@rankgate/platform/version';

import type { RouteRetirement } from '../policy/route-retirements.ts';
import { retirementFor } from '../policy/route-retirements.ts';
import { componentSchemas } from './component-schemas.ts';
import { buildPaths } from './paths.ts';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Flags every operation of a retiring path `deprecated` and names its sunset (`x-sunset`). */
function markRetirements(
  paths: Record<string, unknown>,
  retirements: readonly RouteRetirement[],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const entry = retirementFor(retirements, path);
      if (!entry) return [path, item];
      const operations = Object.entries(item as Record<string, unknown>).map(([method, operation]) => [
        method,
        HTTP_METHODS.has(method)
          ? { ...(operation as object), deprecated: true, 'x-sunset': entry.sunset_at.toISOString() }
          : operation,
      ]);
      return [path, Object.fromEntries(operations)];
    }),
  );
}

/**
 * Every operation documents its client errors: one without its own 4xx gets the ones any route
 * can answer (the gateway's problems), so generated clients and linters know the shape.
 */
function withClientErrors(paths: Record<string, unknown>): Record<string, unknown> {
  const anyRoute = {
    description: 'Problem details (RFC 9457): 405 with Allow for another method, 429 when a limit applies',
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item as Record<string, unknown>).map(([method, operation]) => {
          if (!HTTP_METHODS.has(method)) return [method, operation];
          const { responses = {}, ...rest } = operation as { responses?: Record<string, unknown> };
          const has4xx = Object.keys(responses).some((status) => status.startsWith('4'));
          return [method, has4xx ? operation : { ...rest, responses: { ...responses, '4XX': anyRoute } }];
        }),
      ),
    ]),
  );
}

/** The OpenAPI 3.1 description of the public origin, generated from the shared zod contracts. */
export function buildOpenApi(baseUrl: string, retirements: readonly RouteRetirement[] = []): Record<string, unknown> {
  const schemas = componentSchemas();
  return {
    openapi: '3.1.1',
    info: {
      title: 'Rankgate API',
      version: SERVICE_VERSION,
      summary: 'Ranked, scored, injection-screened web sources for AI agents.',
      description:
        'Rankgate returns up to `k` ranked web sources for a query, each scored and screened for prompt injection. ' +
        'It never writes answers. Errors are RFC 9457 problem details; see /errors.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      'x-api-versioning': { strategy: 'url', current: 'v1', policy: '/docs/versioning.md' },
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: 'search', description: 'Ranked search' },
      { name: 'service', description: 'Health, discovery and description' },
      { name: 'oauth', description: 'OAuth 2.0 authorization server and agent registration' },
      { name: 'mcp', description: 'Model Context Protocol over Streamable HTTP' },
    ],
    paths: markRetirements(withClientErrors(buildPaths(schemas.SearchRequest ?? {})), retirements),
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An OAuth access token, the operator API key, or the public demo key.',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The operator API key.' },
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/oauth2/authorize`,
              tokenUrl: `${baseUrl}/oauth2/token`,
              scopes: { ...SCOPE_SUMMARIES },
            },
          },
        },
      },
    },
  };
}
