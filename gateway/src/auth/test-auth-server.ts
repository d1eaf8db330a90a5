import type { TokenStatusResponse } from '@rankgate/contracts';
import { TOKEN_STATUS_PATH, TokenStatusRequestSchema } from '@rankgate/contracts';
import type { JWK } from 'jose';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

import { startTestUpstream } from '../test-upstream.ts';

export interface TokenClaims {
  scope?: string;
  sub?: string;
  aud?: string;
  iss?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Seconds from now the token claims it was issued (positive: in the future). Default 0. */
  issuedIn?: number;
  typ?: string;
  kid?: string;
}

/**
 * Plays the auth-server on 127.0.0.1 for gateway tests: serves a JWKS at /oauth2/jwks and answers
 * /internal/token-status from a revocation set, as the real service does on the wire. It signs
 * tokens the way the real one does (ES256, typ at+jwt), and can rotate its key.
 */
export async function startTestAuthServer(baseUrl: string) {
  let current = await newKey('key-1');
  const published: JWK[] = [current.jwk];
  const revoked = new Set<string>();
  let jwksFetches = 0;
  let statusCalls = 0;
  /** How token-status answers: its contract, a 500, or a 200 whose body breaks the contract. */
  let statusMode: 'ok' | 'error' | 'malformed' = 'ok';
  let counter = 0;

  const upstream = await startTestUpstream((app) => {
    app.get('/oauth2/jwks', async () => {
      jwksFetches += 1;
      return { keys: published };
    });
    app.post(TOKEN_STATUS_PATH, async (request, reply) => {
      statusCalls += 1;
      if (statusMode === 'error') return reply.code(500).send({ error: 'down' });
      if (statusMode === 'malformed') return { active: 'yes' };
      const { jti, sub } = TokenStatusRequestSchema.parse(request.body);
      return { active: !revoked.has(jti) && !revoked.has(sub) } satisfies TokenStatusResponse;
    });
  });

  return {
    url: upstream.url,
    seen: upstream.seen,
    close: upstream.close,
    revoke: (jtiOrSubject: string) => revoked.add(jtiOrSubject),
    /** true: token-status answers 500; 'malformed': 200 with a body outside the contract; false: normal. */
    failTokenStatus: (fail: boolean | 'malformed') => {
      statusMode = fail === 'malformed' ? 'malformed' : fail ? 'error' : 'ok';
    },
    get jwksFetches() {
      return jwksFetches;
    },
    get statusCalls() {
      return statusCalls;
    },
    /** A new signing key, published alongside the old one (as a rotation does). */
    async rotate(kid: string) {
      current = await newKey(kid);
      published.push(current.jwk);
    },
    async issue(claims: TokenClaims = {}): Promise<{ token: string; jti: string }> {
      counter += 1;
      const jti = `jti-${counter}`;
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ scope: claims.scope ?? 'search:read mcp:invoke', client_id: 'test-client' })
        .setProtectedHeader({ alg: 'ES256', typ: claims.typ ?? 'at+jwt', kid: claims.kid ?? current.kid })
        .setIssuer(claims.iss ?? baseUrl)
        .setAudience(claims.aud ?? `${baseUrl}/`)
        .setSubject(claims.sub ?? 'agent-1')
        .setJti(jti)
        .setIssuedAt(now + (claims.issuedIn ?? 0))
        .setExpirationTime(now + (claims.expiresIn ?? 3600))
        .sign(current.privateKey);
      return { token, jti };
    },
  };
}

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return { kid, privateKey, jwk };
}
