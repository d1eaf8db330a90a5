import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { BASE_URL, startTestApp } from '../testing/test-app.ts';

const IDP = 'https://idp.example';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

let test: TestApp;
let idpKey: CryptoKey;
let count = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  idpKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1' };
  test = await startTestApp({
    env: {
      IDJAG_TRUSTED_ISSUERS: JSON.stringify([{ issuer: IDP, jwks: { keys: [jwk] } }]),
      IDJAG_MAX_AUTH_AGE_S: '600',
    },
  });
});
afterAll(() => test.close());

function idJag(
  claims: JWTPayload = {},
  { typ = 'oauth-id-jag+jwt', key = idpKey, iss = IDP }: { typ?: string; key?: CryptoKey; iss?: string } = {},
) {
  count += 1;
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss,
    sub: 'user-42',
    aud: BASE_URL,
    iat: now,
    exp: now + 300,
    client_id: 'agent-app',
    email: 'dev@example.org',
    auth_time: now - 30,
    jti: `jag-${count}`,
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'idp-1', typ }).sign(key);
}

const register = async (assertion: string) =>
  test.json('/agent/identity', { type: 'identity_assertion', assertion_type: ID_JAG, assertion });

describe('identity_assertion registration with an ID-JAG', () => {
  it('turns a trusted ID-JAG into our identity_assertion, the same registration for the same subject', async () => {
    const first = await register(await idJag());
    expect(first.statusCode, first.body).toBe(200);
    const identity = first.json();
    expect(identity).toMatchObject({
      registration_type: 'identity_assertion',
      scopes: ['search:read', 'mcp:invoke', 'health:read'],
    });
    const token = (
      await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })
    ).json();
    expect(token.scope).toBe('search:read mcp:invoke health:read');
    const second = (await register(await idJag({ aud: `${BASE_URL}/` }))).json();
    expect(second.registration_id).toBe(identity.registration_id);
  });

  it('refuses a wrong typ, audience, expiry, future iat, signature or issuer, and a replayed jti', async () => {
    const replayed = await idJag();
    expect((await register(replayed)).statusCode).toBe(200);
    const cases: [string, string][] = [
      [replayed, 'invalid_request'],
      [await idJag({}, { typ: 'JWT' }), 'invalid_request'],
      [await idJag({ aud: 'https://other.example' }), 'invalid_request'],
      [await idJag({ aud: [BASE_URL, 'https://other.example'] }), 'invalid_request'],
      [await idJag({ exp: Math.floor(Date.now() / 1000) - 120 }), 'invalid_request'],
      [await idJag({ iat: Math.floor(Date.now() / 1000) + 600 }), 'invalid_request'],
      [await idJag({}, { key: (await generateKeyPair('ES256')).privateKey }), 'invalid_request'],
      [await idJag({}, { iss: 'https://untrusted.example' }), 'issuer_not_enabled'],
    ];
    for (const [assertion, error] of cases) {
      const response = await register(assertion);
      expect(response.statusCode, `${error}: ${response.body}`).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const wrongType = await test.json('/agent/identity', {
      type: 'identity_assertion',
      assertion_type: 'urn:x',
      assertion: await idJag(),
    });
    expect(wrongType.json().error).toBe('invalid_request');
  });

  it('asks for a fresh sign-in (401 login_required with max_age) when auth_time is old or missing', async () => {
    for (const authTime of [Math.floor(Date.now() / 1000) - 3600, undefined]) {
      const response = await register(await idJag({ auth_time: authTime }));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'login_required', max_age: 600 });
      expect(response.headers['www-authenticate']).toBe('AgentAuth error="login_required", max_age=600');
    }
  });
});
