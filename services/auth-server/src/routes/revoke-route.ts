import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { createLocalJWKSet, jwtVerify } from 'jose';

import type { Revocations } from '../domain/revocations.ts';
import type { Endpoints } from '../oauth/endpoints.ts';
import { PATHS } from '../oauth/endpoints.ts';
import type { SigningKeys } from '../oauth/signing-keys.ts';

type RevokeRequest = { Body: Record<string, string> | undefined };

/**
 * RFC 7009 revocation for our JWT access tokens (oidc-provider refuses to revoke structured
 * tokens): a token we signed is remembered as revoked until it would expire, and the gateway
 * refuses it from then on. Whoever holds a token may revoke it, whatever `client_id` comes along:
 * every client here is public, so that field proves nothing, and standard clients (oauth4webapi,
 * openid-client) always send their own. Always 200 for a well-formed request — unknown, foreign,
 * expired or already revoked tokens included — so the endpoint reveals nothing and can be retried.
 */
export function registerRevokeRoute(
  app: FastifyInstance,
  { endpoints, signing, revocations }: { endpoints: Endpoints; signing: SigningKeys; revocations: Revocations },
): void {
  const keys: JWTVerifyGetKey = createLocalJWKSet({ keys: signing.publicJwks });
  app.post<RevokeRequest>(PATHS.revoke, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.body?.token;
    if (typeof token !== 'string' || token === '') {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'missing required parameter "token" (send it form-encoded)',
      });
    }
    try {
      // Signature, issuer and type; an expired token may still be revoked (it is harmless either way).
      const { payload } = await jwtVerify(token, keys, {
        issuer: endpoints.issuer,
        typ: 'at+jwt',
        algorithms: ['ES256'],
        currentDate: new Date(0),
      });
      if (typeof payload.jti === 'string' && typeof payload.exp === 'number')
        await revocations.revokeToken(payload.jti, payload.exp);
    } catch {
      // not one of our access tokens: nothing to revoke (RFC 7009 §2.2)
    }
    return reply.code(200).send();
  });
}
