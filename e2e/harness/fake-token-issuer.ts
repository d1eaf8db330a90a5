/**
 * Stands in for the auth-server where the gateway checks access tokens, speaking the same wire
 * contract: the key set at `GET /oauth2/jwks` and `POST /internal/token-status` ({jti, sub} →
 * {active}). It signs ES256 `at+jwt` access tokens with whatever claims a test asks for, including
 * ones the real authorization server never issues (another audience or issuer), so the gateway's
 * checks of a correctly signed but misdirected token can be tested end to end.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair, SignJWT } from 'jose';

interface IssuedClaims {
  subject?: string;
  /** Default `{base_url}/`. */
  audience?: string | string[];
  /** Default the base URL. */
  issuer?: string;
}

export interface FakeTokenIssuer {
  url: string;
  /** An access token holding exactly these scopes, signed with the key the gateway trusts. */
  issue(scope: string, claims?: IssuedClaims): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeTokenIssuer(issuer: () => string): Promise<FakeTokenIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-key-1', alg: 'ES256', use: 'sig' };
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/oauth2/jwks') return send(200, { keys: [jwk] });
    if (req.method === 'POST' && req.url === '/internal/token-status') {
      req.resume();
      return req.on('end', () => send(200, { active: true }));
    }
    return send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let counter = 0;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async issue(scope, claims = {}) {
      counter += 1;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ scope, client_id: 'e2e-agent' })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid })
        .setIssuer(claims.issuer ?? issuer())
        .setAudience(claims.audience ?? `${issuer()}/`)
        .setSubject(claims.subject ?? 'agent-e2e')
        .setJti(`e2e-${counter}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
