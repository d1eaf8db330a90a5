/** The services behind the gateway. */
export type UpstreamService = 'search' | 'auth' | 'mcp';

export interface UpstreamRoute {
  service: UpstreamService;
  /** Path prefix; the path is forwarded unchanged, and sub-paths go to the same service. */
  prefix: string;
  methods: readonly string[];
  /** Needs a credential (scope `search:read` or the operator API key). */
  protected?: boolean;
}

const READ = ['GET', 'HEAD'] as const;
const ANY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Every public path a service answers, in one table (the OpenAPI description lists the same paths). */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  { service: 'search', prefix: '/v1/search', methods: ['GET', 'HEAD', 'POST'], protected: true },
  { service: 'search', prefix: '/api/v1/search', methods: ['GET', 'HEAD', 'POST'], protected: true },
  { service: 'search', prefix: '/v1/sandbox', methods: READ },
  { service: 'auth', prefix: '/oauth2', methods: ANY },
  { service: 'auth', prefix: '/agent', methods: ANY },
  { service: 'auth', prefix: '/.well-known/oauth-authorization-server', methods: READ },
  { service: 'auth', prefix: '/.well-known/oauth-protected-resource', methods: READ },
  { service: 'auth', prefix: '/.well-known/oauth-client', methods: READ },
  // The server card is public and readable from any origin (CORS preflight included), unlike /mcp itself.
  { service: 'mcp', prefix: '/mcp/server-card', methods: ['GET', 'HEAD', 'OPTIONS'] },
  { service: 'mcp', prefix: '/.well-known/mcp/server-card.json', methods: ['GET', 'HEAD', 'OPTIONS'] },
  { service: 'mcp', prefix: '/mcp', methods: ['GET', 'HEAD', 'POST', 'DELETE'] },
  { service: 'mcp', prefix: '/.well-known/mcp', methods: ['GET', 'HEAD', 'POST', 'DELETE'] },
];
