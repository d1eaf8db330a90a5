import type { ResourceServer } from 'oidc-provider';

import type { Endpoints } from './endpoints.ts';
import { ACCESS_TOKEN_TTL_S, SCOPES } from './vocabulary.ts';

/**
 * Resource indicators (RFC 8707) we answer for: the origin, with or without its slash, and the MCP
 * endpoint; scheme and host compare case-insensitively. A fragment is never a valid indicator.
 */
export function acceptedResource(endpoints: Endpoints, indicator: string): boolean {
  const parsed = URL.parse(indicator);
  if (!parsed || indicator.includes('#')) return false;
  return parsed.href === endpoints.resource || parsed.href === endpoints.mcpResource;
}

/**
 * The one resource server behind this origin: every access token is a JWT (ES256) for audience
 * `{base_url}/`, lasting an hour. A token asked for the MCP endpoint gets the same audience,
 * because the gateway guards /mcp and /v1 alike.
 */
export function resourceServerInfo(endpoints: Endpoints): ResourceServer {
  return {
    scope: SCOPES.join(' '),
    audience: endpoints.resource,
    accessTokenTTL: ACCESS_TOKEN_TTL_S,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'ES256' } },
  };
}
