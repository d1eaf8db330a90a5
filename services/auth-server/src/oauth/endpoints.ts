/**
 * Every public URL of the authorization server, derived from the base URL (the issuer). Paths are
 * fixed here once; the provider's routes, the metadata and the pages all read them.
 */
export const PATHS = {
  authorize: '/oauth2/authorize',
  token: '/oauth2/token',
  revoke: '/oauth2/revoke',
  register: '/oauth2/register',
  jwks: '/oauth2/jwks',
  claimPage: '/oauth2/claim',
  signIn: '/oauth2/sign-in',
  signInCallback: '/oauth2/sign-in/callback',
  interaction: '/oauth2/interaction',
  identity: '/agent/identity',
  claim: '/agent/identity/claim',
  events: '/agent/event/notify',
  skill: '/auth.md',
  asMetadata: '/.well-known/oauth-authorization-server',
  resourceMetadata: '/.well-known/oauth-protected-resource',
  clientDocuments: '/.well-known/oauth-client',
} as const;

export interface Endpoints {
  /** The issuer: the base URL without a trailing slash. */
  issuer: string;
  /** The protected resource (the whole origin) and the audience of every access token: `{base_url}/`. */
  resource: string;
  /** The MCP endpoint as its own resource identifier (RFC 9728 path-suffixed metadata). */
  mcpResource: string;
  url(path: keyof typeof PATHS): string;
}

export function endpointsFor(baseUrl: string): Endpoints {
  const issuer = baseUrl.replace(/\/+$/, '');
  return {
    issuer,
    resource: `${issuer}/`,
    mcpResource: `${issuer}/mcp`,
    url: (path) => `${issuer}${PATHS[path]}`,
  };
}
