import type { ResourceServer } from 'oidc-provider';

import type { Endpoints } from './endpoints.ts';
import { ACCESS_TOKEN_TTL_S, SCOPES } from './vocabulary.ts';

/**
 * The audience a resource indicator (RFC 8707) names, in its canonical form: `{base_url}/` for the
 * origin (with or without its slash) or `{base_url}/mcp` for the MCP endpoint; scheme and host
 * compare case-insensitively (URL parsing lowercases them). Undefined for anything else, and for
 * any value with a fragment.
 */
export function audienceFor(endpoints: Endpoints, indicator: string): string | undefined {
  const parsed = URL.parse(indicator);
  if (!parsed || indicator.includes('#')) return undefined;
  if (parsed.href === endpoints.resource) return endpoints.resource;
  if (parsed.href === endpoints.mcpResource) return endpoints.mcpResource;
  return undefined;
}

/**
 * The resource server a token is for: every access token is a JWT (ES256) lasting an hour whose
 * `aud` is the resource it was asked for (RFC 8707; MCP clients ask for `{base_url}/mcp`, agents
 * and REST clients for `{base_url}/`). The gateway checks that audience against the route.
 */
export function resourceServerInfo(audience: string): ResourceServer {
  return {
    scope: SCOPES.join(' '),
    audience,
    accessTokenTTL: ACCESS_TOKEN_TTL_S,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'ES256' } },
  };
}
