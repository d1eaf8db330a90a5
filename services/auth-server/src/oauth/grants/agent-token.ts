import type { KoaContextWithOIDC } from 'oidc-provider';
import { errors } from 'oidc-provider';

import { PRE_CLAIM_JTI_PREFIX } from '../../domain/revocations.ts';
import type { Endpoints } from '../endpoints.ts';
import { audienceFor, resourceServerInfo } from '../resource-server.ts';
import type { Scope } from '../vocabulary.ts';

export interface AgentTokenRequest {
  /** The registration the token is for (`sub`). */
  sub: string;
  scopes: readonly Scope[];
  grantType: string;
  /** Issued before the identity's claim: dies when it is claimed. */
  preClaim: boolean;
  /** `aud`: `{base_url}/` or `{base_url}/mcp` (see requestedAudience). */
  audience: string;
}

/** An OAuth error with our own description (oidc-provider's named classes use generic ones). */
export const oauthError = (error: string, description: string): Error =>
  new errors.CustomOIDCProviderError(error, description);

/** The audience of the token: the `resource` the request names (checked), or `{base_url}/` without one. */
export function requestedAudience(ctx: KoaContextWithOIDC, endpoints: Endpoints): string {
  const { resource } = ctx.oidc.params as { resource?: string | string[] };
  if (resource === undefined) return endpoints.resource;
  const audience = Array.isArray(resource) ? undefined : audienceFor(endpoints, resource);
  if (!audience) throw new errors.InvalidTarget(`resource must be ${endpoints.resource} or ${endpoints.mcpResource}`);
  return audience;
}

/** The scopes granted: all allowed ones, or the requested subset; asking for more is `invalid_scope`. */
export function grantedScopes(ctx: KoaContextWithOIDC, allowed: readonly Scope[], hint: string): Scope[] {
  const requested = String((ctx.oidc.params as { scope?: string }).scope ?? '')
    .split(' ')
    .filter(Boolean);
  if (requested.length === 0) return [...allowed];
  const refused = requested.filter((s) => !allowed.includes(s as Scope));
  if (refused.length > 0)
    throw new errors.InvalidScope(`${refused.join(' ')} is not available to this identity${hint}`, refused.join(' '));
  return requested as Scope[];
}

/** Mints a JWT access token for an agent identity and writes the token response (no refresh token). */
export async function respondWithAgentToken(
  ctx: KoaContextWithOIDC,
  request: AgentTokenRequest,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const { provider, client } = ctx.oidc;
  if (!client) throw new errors.InvalidClient('client authentication failed');
  // Agent tokens belong to no authorization grant (the types insist on one; the provider does not).
  type TokenInit = ConstructorParameters<typeof provider.AccessToken>[0];
  const init = { accountId: request.sub, client, scope: request.scopes.join(' '), gty: request.grantType };
  const token = new provider.AccessToken(init as unknown as TokenInit);
  token.resourceServer = new provider.ResourceServer(request.audience, resourceServerInfo(request.audience));
  // generateTokenId also fixes the token's format (JWT, from the resource server).
  const id = (token as unknown as { generateTokenId(): string }).generateTokenId();
  token.jti = request.preClaim ? `${PRE_CLAIM_JTI_PREFIX}${id}` : id;
  const value = await token.save();
  ctx.body = {
    ...extra,
    access_token: value,
    token_type: 'Bearer',
    expires_in: token.expiration,
    scope: request.scopes.join(' '),
  };
}
