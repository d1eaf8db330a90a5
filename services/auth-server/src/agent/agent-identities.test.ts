import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSigningKeys } from '../oauth/signing-keys.ts';
import type { TestApp } from '../testing/test-app.ts';
import { BASE_URL, claimsOf, OPERATOR_KEY, startTestApp } from '../testing/test-app.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const exchange = (assertion: string, extra: Record<string, string> = {}) =>
  test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion, resource: `${BASE_URL}/`, ...extra });

describe('anonymous identities and the jwt-bearer exchange', () => {
  it('registers an anonymous identity that exchanges for health:read and mcp:invoke only, as often as asked', async () => {
    const registered = await test.json('/agent/identity', { type: 'anonymous' });
    expect(registered.statusCode).toBe(200);
    expect(registered.headers['cache-control']).toBe('no-store');
    const identity = registered.json();
    expect(identity).toMatchObject({
      registration_type: 'anonymous',
      pre_claim_scopes: ['health:read', 'mcp:invoke'],
      post_claim_scopes: ['search:read', 'mcp:invoke', 'health:read'],
      claim_url: `${BASE_URL}/agent/identity/claim`,
    });
    expect(identity.registration_id).toMatch(/^reg_/);
    expect(identity.claim_token).toMatch(/^clm_[\w-]{30,}$/);
    expect(claimsOf(identity.identity_assertion)).toMatchObject({ iss: BASE_URL, sub: identity.registration_id });

    for (let i = 0; i < 2; i += 1) {
      const token = await exchange(identity.identity_assertion);
      expect(token.statusCode, token.body).toBe(200);
      expect(token.headers['cache-control']).toContain('no-store');
      expect(token.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'health:read mcp:invoke' });
      expect(claimsOf(token.json().access_token)).toMatchObject({
        sub: identity.registration_id,
        aud: `${BASE_URL}/`,
        iss: BASE_URL,
      });
    }
    // An MCP client names the MCP endpoint (RFC 8707); the token is for that audience only.
    const forMcp = await exchange(identity.identity_assertion, { resource: `${BASE_URL}/mcp` });
    expect(claimsOf(forMcp.json().access_token)).toMatchObject({
      aud: `${BASE_URL}/mcp`,
      scope: 'health:read mcp:invoke',
    });
    const greedy = await exchange(identity.identity_assertion, { scope: 'search:read' });
    expect(greedy.statusCode).toBe(400);
    expect(greedy.json().error).toBe('invalid_scope');
    expect(greedy.json().error_description).toContain('claim');
  });

  it('refuses assertions it did not sign, for another audience, expired, or of the wrong type', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', typ: 'identity-assertion+jwt' })
      .setIssuer(BASE_URL)
      .setSubject('reg_x')
      .setAudience(`${BASE_URL}/oauth2/token`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti('j1')
      .sign(privateKey);
    const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
    const accessToken = (await exchange(identity.identity_assertion)).json().access_token as string;
    for (const assertion of [forged, accessToken, 'not-a-jwt']) {
      const response = await exchange(assertion);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_grant');
    }
    const missing = await test.form('/oauth2/token', { grant_type: JWT_BEARER });
    expect(missing.json().error).toBe('invalid_request');
    const foreign = await exchange(identity.identity_assertion, { resource: 'https://elsewhere.example/' });
    expect(foreign.json().error).toBe('invalid_target');
  });

  it("refuses our own key's signature on the wrong audience, issuer or type, or issued in the future", async () => {
    const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
    const { signingKey, signingKid } = await loadSigningKeys(undefined, test.store);
    const sign = (claims: { aud: string; iss: string; iat?: number }, typ = 'identity-assertion+jwt') =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: signingKid, typ })
        .setIssuer(claims.iss)
        .setSubject(identity.registration_id)
        .setAudience(claims.aud)
        .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
        .setExpirationTime('5m')
        .setJti(`t-${claims.aud}-${typ}`)
        .sign(signingKey);
    const good = await sign({ aud: `${BASE_URL}/oauth2/token`, iss: BASE_URL });
    expect((await exchange(good)).statusCode).toBe(200);
    for (const assertion of [
      await sign({ aud: 'https://other.example/oauth2/token', iss: BASE_URL }),
      await sign({ aud: `${BASE_URL}/`, iss: BASE_URL }),
      await sign({ aud: `${BASE_URL}/oauth2/token`, iss: 'https://other.example' }),
      await sign({ aud: `${BASE_URL}/oauth2/token`, iss: BASE_URL }, 'at+jwt'),
      await sign({ aud: `${BASE_URL}/oauth2/token`, iss: BASE_URL, iat: Math.floor(Date.now() / 1000) + 600 }),
    ]) {
      const response = await exchange(assertion);
      expect(response.json().error, response.body).toBe('invalid_grant');
    }
  });

  it('refuses an expired identity assertion with invalid_grant naming the remedy', async () => {
    const shortLived = await startTestApp({ config: { IDENTITY_ASSERTION_TTL_S: 1 } });
    const identity = (await shortLived.json('/agent/identity', { type: 'anonymous' })).json();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await shortLived.form('/oauth2/token', {
      grant_type: JWT_BEARER,
      assertion: identity.identity_assertion,
    });
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect(response.json().error_description).toMatch(/register again/);
    await shortLived.close();
  });

  it('refuses anonymous registration when it is disabled, and unknown types, naming the field', async () => {
    const closed = await startTestApp({ env: { ANONYMOUS_IDENTITIES: 'disabled' } });
    expect((await closed.json('/agent/identity', { type: 'anonymous' })).json().error).toBe('anonymous_not_enabled');
    await closed.close();
    const unknown = await test.json('/agent/identity', { type: 'password' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_request' });
    expect(unknown.json().error_description).toContain('type');
    const malformed = await test.call({
      method: 'POST',
      url: '/agent/identity',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('invalid_request');
  });
});

describe('service_auth identities', () => {
  it('issues an identity straight away for the operator key, exchangeable for every scope', async () => {
    const registered = await test.json('/agent/identity', { type: 'service_auth', client_secret: OPERATOR_KEY });
    expect(registered.statusCode).toBe(200);
    const identity = registered.json();
    expect(identity).toMatchObject({
      registration_type: 'service_auth',
      scopes: ['search:read', 'mcp:invoke', 'health:read'],
    });
    expect(identity).not.toHaveProperty('claim_token');
    const token = (await exchange(identity.identity_assertion)).json();
    expect(token.scope).toBe('search:read mcp:invoke health:read');
  });

  it('refuses a wrong client_secret with 401 invalid_client', async () => {
    const response = await test.json('/agent/identity', { type: 'service_auth', client_secret: 'guess-guess-guess' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_client');
  });

  it('answers a login hint with a claim to complete (no assertion yet), and refuses a hint that is no address', async () => {
    const identity = (
      await test.json('/agent/identity', { type: 'service_auth', login_hint: 'ops@example.org' })
    ).json();
    expect(identity).toMatchObject({
      registration_type: 'service_auth',
      claim: { verification_uri: `${BASE_URL}/oauth2/claim`, interval: 5 },
    });
    expect(identity.claim.user_code).toMatch(/^[B-Z]{4}-[B-Z]{4}$/);
    expect(identity.claim_token).toMatch(/^clm_/);
    expect(identity).not.toHaveProperty('identity_assertion');
    const bad = await test.json('/agent/identity', { type: 'service_auth', login_hint: 'not an address' });
    expect(bad.json().error).toBe('invalid_login_hint');
  });
});
