import { secretsEqual } from '@rankgate/shared/http';
import { ProblemError } from '@rankgate/shared/problems';
import type { FastifyRequest } from 'fastify';

/** The credential a caller presented: `Authorization: Bearer …` or `X-API-Key: …`. */
export function presentedCredential(request: FastifyRequest): string | undefined {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) return apiKey;
  const authorization = request.headers.authorization;
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

export interface CredentialPolicy {
  baseUrl: string;
  /** The operator API key; unset means no API-key access. */
  operatorApiKey: string | undefined;
}

/**
 * Guards a protected route: the operator API key (compared in constant time) is accepted in place
 * of the `search:read` scope. Anything else is 401 with the protected-resource metadata URL, so an
 * agent can discover how to get a token. OAuth access tokens join this check with the
 * authorization server.
 */
export function requireCredential(policy: CredentialPolicy) {
  const challenge = `Bearer resource_metadata="${policy.baseUrl}/.well-known/oauth-protected-resource"`;
  return async (request: FastifyRequest): Promise<void> => {
    const credential = presentedCredential(request);
    if (credential !== undefined && policy.operatorApiKey !== undefined && secretsEqual(credential, policy.operatorApiKey)) return;
    const missing = credential === undefined;
    throw new ProblemError('UNAUTHORIZED', missing ? 'This endpoint needs a credential.' : 'The credential is not valid.', {
      headers: { 'www-authenticate': missing ? challenge : `${challenge}, error="invalid_token"` },
    });
  };
}
