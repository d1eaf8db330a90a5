import type { Scope } from '@rankgate/contracts';
import { ProblemError } from '@rankgate/contracts/problems';
import type { FastifyRequest } from 'fastify';

import { InvalidAccessTokenError, TokenCheckUnavailableError } from '../auth/access-tokens.ts';
import type { Caller, CallerResolver } from '../auth/caller.ts';
import { presentedCredential } from '../auth/caller.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access guard on protected routes; null elsewhere. */
    caller: Caller | null;
  }
}

/** What a protected route requires. */
export interface RouteAccess {
  scope: Scope;
  /** Which protected resource it belongs to: its metadata document (RFC 9728) and token audiences (RFC 8707). */
  resource: 'api' | 'mcp';
}

function protectedResourceMetadataUrl(baseUrl: string, resource: RouteAccess['resource']): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${resource === 'mcp' ? '/mcp' : ''}`;
}

/**
 * The token audiences a route accepts (RFC 8707): the resources its protected-resource metadata
 * (RFC 9728) names. `{base_url}/` is the origin's resource, which covers every route on it;
 * `{base_url}/mcp` (what MCP clients ask for) is the MCP endpoint's own and is good there only. No
 * caller, our own services included, spends an MCP-audience token on the REST API: the MCP service
 * calls the search service directly with the caller the gateway resolved on /mcp.
 */
function acceptedAudiences(baseUrl: string, resource: RouteAccess['resource']): string[] {
  const origin = `${baseUrl}/`;
  return resource === 'mcp' ? [origin, `${baseUrl}/mcp`] : [origin];
}

export interface AccessGuardOptions {
  baseUrl: string;
  resolveCaller: CallerResolver;
}

/**
 * 401 when the credential is missing or invalid (with the metadata URL, so an agent can discover
 * how to get a token), 403 when it lacks the route's scope, 503 when the token cannot be checked
 * (fail closed). On success the caller is on the request for the stages after it.
 */
export function createAccessGuard({ baseUrl, resolveCaller }: AccessGuardOptions) {
  return (access: RouteAccess) => {
    const challenge = `Bearer resource_metadata="${protectedResourceMetadataUrl(baseUrl, access.resource)}"`;
    return async (request: FastifyRequest): Promise<void> => {
      const credential = presentedCredential(request);
      if (credential === undefined) {
        throw new ProblemError('UNAUTHORIZED', 'This endpoint needs a credential.', {
          headers: { 'www-authenticate': challenge },
        });
      }
      let caller: Caller;
      try {
        caller = await resolveCaller(credential, acceptedAudiences(baseUrl, access.resource));
      } catch (error) {
        if (error instanceof InvalidAccessTokenError) {
          throw new ProblemError(
            'UNAUTHORIZED',
            'The credential is not valid: it is unknown, expired, revoked, or for another resource.',
            {
              headers: { 'www-authenticate': `${challenge}, error="invalid_token"` },
            },
          );
        }
        if (error instanceof TokenCheckUnavailableError) {
          request.log.error({ err: error }, 'access token could not be checked');
          throw new ProblemError('SERVICE_UNAVAILABLE', 'The authorization server cannot check this token right now.', {
            headers: { 'retry-after': '5' },
          });
        }
        throw error;
      }
      if (!caller.scopes.has(access.scope)) {
        throw new ProblemError('FORBIDDEN', `Insufficient scope: this endpoint needs ${access.scope}.`, {
          headers: { 'www-authenticate': `${challenge}, error="insufficient_scope", scope="${access.scope}"` },
        });
      }
      request.caller = caller;
    };
  };
}
