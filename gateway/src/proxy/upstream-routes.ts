import type { RouteAccess } from '../policy/access-guard.ts';

/** The services behind the gateway. */
export type UpstreamService = 'search' | 'auth' | 'mcp';

export interface UpstreamRoute {
  service: UpstreamService;
  /** Path prefix; the path is forwarded unchanged, and sub-paths go to the same service. */
  prefix: string;
  methods: readonly string[];
  /** Needs a credential holding this scope (the operator key holds every scope). */
  access?: RouteAccess;
  /** A search: subject to the per-IP burst limiter and, for the demo key, the demo quota. */
  countsAsSearch?: boolean;
  /** Exact paths under the prefix whose POST registers an identity or a client: the per-IP registration limit. */
  registrations?: readonly string[];
}

const READ = ['GET', 'HEAD'] as const;
const SEARCH_ACCESS: RouteAccess = { scope: 'search:read', resource: 'api' };
const MCP_ACCESS: RouteAccess = { scope: 'mcp:invoke', resource: 'mcp' };
const ANY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Every public path a service answers, in one table (the OpenAPI description lists the same paths). */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  {
    service: 'search',
    prefix: '/v1/search',
    methods: ['GET', 'HEAD', 'POST'],
    access: SEARCH_ACCESS,
    countsAsSearch: true,
  },
  {
    service: 'search',
    prefix: '/api/v1/search',
    methods: ['GET', 'HEAD', 'POST'],
    access: SEARCH_ACCESS,
    countsAsSearch: true,
  },
  // Reading pages costs like a search: the same credential, burst limiter and demo quota.
  { service: 'search', prefix: '/v1/extract', methods: ['POST'], access: SEARCH_ACCESS, countsAsSearch: true },
  { service: 'search', prefix: '/api/v1/extract', methods: ['POST'], access: SEARCH_ACCESS, countsAsSearch: true },
  { service: 'search', prefix: '/v1/sandbox', methods: READ },
  { service: 'auth', prefix: '/oauth2', methods: ANY, registrations: ['/oauth2/register'] },
  { service: 'auth', prefix: '/agent', methods: ANY, registrations: ['/agent/identity'] },
  { service: 'auth', prefix: '/.well-known/oauth-authorization-server', methods: READ },
  { service: 'auth', prefix: '/.well-known/oauth-protected-resource', methods: READ },
  { service: 'auth', prefix: '/.well-known/oauth-client', methods: READ },
  // The server card is public and readable from any origin (CORS preflight included), unlike /mcp itself.
  { service: 'mcp', prefix: '/mcp/server-card', methods: ['GET', 'HEAD', 'OPTIONS'] },
  { service: 'mcp', prefix: '/.well-known/mcp/server-card.json', methods: ['GET', 'HEAD', 'OPTIONS'] },
  { service: 'mcp', prefix: '/mcp', methods: ['GET', 'HEAD', 'POST', 'DELETE'], access: MCP_ACCESS },
  { service: 'mcp', prefix: '/.well-known/mcp', methods: ['GET', 'HEAD', 'POST', 'DELETE'], access: MCP_ACCESS },
];
