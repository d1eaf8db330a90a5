import type { Scope } from '@rankgate/contracts';

import { AUTH_PATHS } from './auth-paths.ts';

/** Every public route of the contract, described once. Bodies reference the shared schemas. */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') }, 'application/json': { schema: ref('Problem') } },
});

const json = (description: string, schema: Record<string, unknown>) => ({
  description,
  content: { 'application/json': { schema } },
});

const anyJson = { type: 'object', additionalProperties: true };

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
};

/** GET search parameters are the SearchRequest contract's properties, so both forms stay one contract. */
const queryParameters = (request: JsonSchema) =>
  Object.entries(request.properties ?? {}).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: request.required?.includes(name) ?? false,
    schema,
    ...(description ? { description } : {}),
    // Lists (domains) are comma-separated in a query string.
    ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
  }));

const searchErrors = {
  400: problem(
    'BAD_REQUEST: bad `mode`, `rank`, `nocache`, `time_range` or `safesearch` value, unknown field, or malformed JSON',
  ),
  401: {
    ...problem('UNAUTHORIZED: missing or invalid credential'),
    headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
  },
  403: problem('FORBIDDEN: the token lacks search:read'),
  415: problem('UNSUPPORTED_MEDIA_TYPE: POST body is not JSON'),
  422: problem(
    'VALIDATION_ERROR: `q`, `k`, `max_candidates` or `max_chars` missing or out of range; a malformed domain, date, country or language',
  ),
  429: {
    ...problem('RATE_LIMITED (with Retry-After) or DEMO_EXHAUSTED'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  },
  502: problem('UPSTREAM_ERROR: the discover provider failed (with several providers: every one failed)'),
  503: problem('SERVICE_UNAVAILABLE: provider credential not configured, service down, or limiter store failed'),
  504: problem('UPSTREAM_TIMEOUT: the provider or a service timed out'),
};

/** A route's security: a bearer credential, the API key, or an OAuth token holding `scope`. */
const securityFor = (scope: Scope) => [{ bearer: [] }, { apiKey: [] }, { oauth2: [scope] }];
const security = securityFor('search:read');

const searchGet = (operationId: string, request: JsonSchema) => ({
  tags: ['search'],
  operationId,
  summary: 'Ranked search (query string)',
  security,
  parameters: queryParameters(request),
  responses: { 200: json('Ranked, scored results', ref('SearchResponse')), ...searchErrors },
});
const searchPost = (operationId: string) => ({
  tags: ['search'],
  operationId,
  summary: 'Ranked search (JSON body; same contract as GET)',
  security,
  requestBody: { required: true, content: { 'application/json': { schema: ref('SearchRequest') } } },
  responses: { 200: json('Ranked, scored results', ref('SearchResponse')), ...searchErrors },
});

const extractErrors = {
  ...searchErrors,
  400: problem('BAD_REQUEST: unknown field, or malformed JSON'),
  422: problem('VALIDATION_ERROR: `urls` missing, empty, over 20 or not http(s) URLs; `max_chars` out of range'),
  503: problem('SERVICE_UNAVAILABLE: no ranking worker reads pages in this deployment, or the limiter store failed'),
};
const extractPost = (operationId: string) => ({
  tags: ['search'],
  operationId,
  summary: 'Read pages you have the URLs of: safely fetched, screened for prompt injection, cut at max_chars',
  security,
  description:
    'Each URL answers with its own `status`; a refused or failed URL never fails the call. Counts like a search toward the burst limiter and the demo quota.',
  requestBody: { required: true, content: { 'application/json': { schema: ref('ExtractRequest') } } },
  responses: { 200: json('One result per URL, in order', ref('ExtractResponse')), ...extractErrors },
});

const page = (operationId: string, summary: string) => ({
  get: {
    tags: ['service'],
    operationId,
    summary,
    security: [],
    responses: { 200: { description: 'Page', content: { 'text/html': {}, 'text/markdown': {} } } },
  },
});
const jsonRpcError = (description: string) => ({ description, content: { 'application/json': { schema: anyJson } } });
/** The MCP endpoint; `name` keeps the operation ids of its two paths apart. */
const mcp = (name: string) => ({
  post: {
    tags: ['mcp'],
    operationId: `${name}Post`,
    summary:
      'One JSON-RPC 2.0 message (a batch only under 2025-03-26); send `Accept: application/json, text/event-stream`',
    description:
      'Stateless Streamable HTTP, revisions 2025-03-26, 2025-06-18 and 2025-11-25. A request carrying a progress token is answered as an event stream (progress notifications, then the response); any other request as one JSON body. Tools: search_web and read_pages (need search:read or the API key), search_sandbox, service_info, explain_signals.',
    security: securityFor('mcp:invoke'),
    parameters: [
      {
        name: 'MCP-Protocol-Version',
        in: 'header',
        required: false,
        schema: { type: 'string', enum: ['2025-11-25', '2025-06-18', '2025-03-26'] },
        description: 'The negotiated revision; absent means 2025-03-26.',
      },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: anyJson } } },
    responses: {
      200: {
        description: 'JSON-RPC response or event stream',
        content: { 'application/json': { schema: anyJson }, 'text/event-stream': {} },
      },
      202: { description: 'Notification or response accepted' },
      400: jsonRpcError(
        'Malformed JSON (-32700), unsupported MCP-Protocol-Version, or a batch under 2025-06-18 or later (-32600)',
      ),
      401: problem('UNAUTHORIZED'),
      403: jsonRpcError(
        'FORBIDDEN: the credential lacks mcp:invoke (problem), or the Origin is not allowed (JSON-RPC error)',
      ),
      406: jsonRpcError('Accept lacks application/json or text/event-stream'),
      415: jsonRpcError('Content-Type is not application/json'),
    },
  },
  get: {
    tags: ['mcp'],
    operationId: `${name}Get`,
    summary: 'Not offered by the stateless server',
    security: [],
    responses: { 405: jsonRpcError('Method Not Allowed (Allow: POST)') },
  },
  delete: {
    tags: ['mcp'],
    operationId: `${name}Delete`,
    summary: 'Not offered by the stateless server',
    security: [],
    responses: { 405: jsonRpcError('Method Not Allowed (Allow: POST)') },
  },
});
const serverCard = (operationId: string, summary: string) => ({
  get: {
    tags: ['mcp'],
    operationId,
    summary,
    security: [],
    responses: {
      200: {
        description: 'Server card (CORS *; ETag)',
        content: { 'application/mcp-server-card+json': { schema: anyJson } },
      },
      304: { description: 'Not Modified (If-None-Match)' },
    },
  },
});

/** Every path of the public origin; `searchRequest` is the generated SearchRequest schema. */
export const buildPaths = (searchRequest: JsonSchema): Record<string, unknown> => ({
  '/health': {
    get: {
      tags: ['service'],
      operationId: 'health',
      summary: 'Liveness',
      security: [],
      responses: { 200: json('Alive', ref('HealthResponse')) },
    },
  },
  '/v1': {
    get: {
      tags: ['service'],
      operationId: 'discoverV1',
      summary: 'API index',
      security: [],
      responses: { 200: json('API index', ref('DiscoveryDocument')) },
    },
  },
  '/api': {
    get: {
      tags: ['service'],
      operationId: 'discoverApi',
      summary: 'API index (same as /v1)',
      security: [],
      responses: { 200: json('API index', ref('DiscoveryDocument')) },
    },
  },
  '/v1/sandbox': {
    get: {
      tags: ['search'],
      operationId: 'sandbox',
      summary: 'Canned search response; makes no upstream calls',
      security: [],
      responses: { 200: json('Canned results', ref('SearchResponse')) },
    },
  },
  '/v1/search': { get: searchGet('searchGet', searchRequest), post: searchPost('searchPost') },
  '/api/v1/search': { get: searchGet('websiteSearchGet', searchRequest), post: searchPost('websiteSearchPost') },
  '/v1/extract': { post: extractPost('extractPost') },
  '/api/v1/extract': { post: extractPost('websiteExtractPost') },
  '/v2': {
    get: {
      tags: ['service'],
      operationId: 'unsupportedVersion',
      summary: 'Unpublished version',
      security: [],
      responses: { 404: problem('UNSUPPORTED_VERSION; hint points to /docs/versioning.md') },
    },
  },
  '/openapi.json': {
    get: {
      tags: ['service'],
      operationId: 'openapi',
      summary: 'This description',
      security: [],
      responses: { 200: json('OpenAPI 3.1', anyJson) },
    },
  },
  '/config.js': {
    get: {
      tags: ['service'],
      operationId: 'websiteConfig',
      summary: 'Script that injects the public demo key for the same-origin UI',
      security: [],
      responses: { 200: { description: 'JavaScript', content: { 'text/javascript': {} } } },
    },
  },
  '/errors/{slug}': {
    get: {
      tags: ['service'],
      operationId: 'errorPage',
      summary: 'Human page for a problem type',
      security: [],
      parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'Page', content: { 'text/html': {} } }, 404: problem('NOT_FOUND') },
    },
  },
  ...AUTH_PATHS,
  '/mcp': mcp('mcp'),
  '/.well-known/mcp': mcp('wellKnownMcp'),
  '/.well-known/mcp/server-card.json': serverCard(
    'mcpServerCard',
    "MCP server card (the spec's location; same document as /mcp/server-card)",
  ),
  '/mcp/server-card': serverCard('mcpServerCardDraft', "MCP server card (the current draft's location, SEP-2127)"),
  '/auth.md': page('authGuide', 'Agent authentication guide'),
  '/docs': page('docs', 'Documentation'),
  '/docs/versioning.md': page('versioningPolicy', 'Versioning policy'),
  '/developers': page('developerGuide', 'Developer guide'),
  '/contact': page('contact', 'Contact'),
  '/privacy': page('privacy', 'Privacy'),
});
