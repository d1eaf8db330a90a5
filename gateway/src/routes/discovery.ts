import type { DiscoveryDocument } from '@rankgate/contracts';
import { SCOPES } from '@rankgate/contracts';
import { SERVICE_VERSION } from '@rankgate/platform/version';
import type { FastifyInstance } from 'fastify';

/** The API index: every endpoint, the docs, the OpenAPI description and the auth metadata. */
function buildDiscoveryDocument(baseUrl: string): DiscoveryDocument {
  const at = (path: string): string => `${baseUrl}${path}`;
  return {
    name: 'Rankgate',
    description: 'Ranked, scored, injection-screened web sources for AI agents. Rankgate never writes answers.',
    version: SERVICE_VERSION,
    api_version: 'v1',
    links: {
      self: { href: at('/v1'), method: 'GET' },
      search: {
        href: at('/v1/search'),
        method: 'GET',
        description: 'Ranked search (query string); scope search:read or the API key.',
      },
      search_post: { href: at('/v1/search'), method: 'POST', description: 'Ranked search (JSON body, same contract).' },
      extract: {
        href: at('/v1/extract'),
        method: 'POST',
        description:
          'Read 1-20 pages by URL: safely fetched, screened, cut at max_chars; scope search:read or the API key.',
      },
      sandbox: {
        href: at('/v1/sandbox'),
        method: 'GET',
        description: 'Canned search response; no credential, no upstream call.',
      },
      health: { href: at('/health'), method: 'GET' },
      openapi: { href: at('/openapi.json'), method: 'GET' },
      mcp: {
        href: at('/mcp'),
        method: 'POST',
        description: 'MCP over Streamable HTTP; tools search_web and read_pages.',
      },
      mcp_server_card: { href: at('/.well-known/mcp/server-card.json'), method: 'GET' },
      agent_identity: { href: at('/agent/identity'), method: 'POST', description: 'Register an agent identity.' },
      agent_claim: { href: at('/agent/identity/claim'), method: 'POST' },
      token: { href: at('/oauth2/token'), method: 'POST' },
      authorize: { href: at('/oauth2/authorize'), method: 'GET' },
      register: { href: at('/oauth2/register'), method: 'POST' },
      revoke: { href: at('/oauth2/revoke'), method: 'POST' },
      errors: { href: at('/errors'), method: 'GET', description: 'Every problem type, explained.' },
    },
    auth: {
      protected_resource_metadata: at('/.well-known/oauth-protected-resource'),
      authorization_server_metadata: at('/.well-known/oauth-authorization-server'),
      scopes_supported: [...SCOPES],
      guide: at('/auth.md'),
    },
    versioning: { strategy: 'url', current: 'v1', supported: ['v1'], policy: at('/docs/versioning.md') },
    docs: at('/docs'),
    openapi: at('/openapi.json'),
  };
}

/** `GET /v1` and `GET /api` answer the same document. */
export function registerDiscoveryRoutes(app: FastifyInstance, baseUrl: string): void {
  const document = buildDiscoveryDocument(baseUrl);
  for (const path of ['/v1', '/api']) app.get(path, async () => document);
}
