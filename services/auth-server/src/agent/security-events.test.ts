import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { BASE_URL, claimsOf, startTestApp } from '../testing/test-app.ts';

const TRANSMITTER = 'https://registrar.example';
const REVOKED = 'https://schemas.workos.com/events/agent/auth/identity/assertion/revoked';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

let test: TestApp;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let jti = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'registrar-1' };
  test = await startTestApp({
    env: { SET_TRUSTED_ISSUERS: JSON.stringify([{ issuer: TRANSMITTER, jwks: { keys: [jwk] } }]) },
  });
});
afterAll(() => test.close());

function securityEvent(
  claims: JWTPayload,
  {
    key = signingKey,
    typ = 'secevent+jwt',
    iss = TRANSMITTER,
    aud = BASE_URL,
  }: { key?: CryptoKey; typ?: string; iss?: string; aud?: string } = {},
) {
  jti += 1;
  return new SignJWT({ jti: `set-${jti}`, events: { [REVOKED]: {} }, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'registrar-1', typ })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt()
    .sign(key);
}

const push = (set: string, contentType = 'application/secevent+jwt') =>
  test.call({
    method: 'POST',
    url: '/agent/event/notify',
    headers: { 'content-type': contentType, accept: 'application/json' },
    payload: set,
  });

async function registered() {
  const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
  const token = (
    await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })
  ).json().access_token as string;
  return { identity, token };
}

describe('security event tokens at /agent/event/notify (RFC 8417 / RFC 8935)', () => {
  it('revokes the named identity: 202, its next exchange is invalid_grant, its live tokens are refused', async () => {
    const { identity, token } = await registered();
    const response = await push(await securityEvent({ sub: identity.registration_id }));
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');
    const exchange = await test.form('/oauth2/token', {
      grant_type: JWT_BEARER,
      assertion: identity.identity_assertion,
    });
    expect(exchange.json()).toMatchObject({ error: 'invalid_grant' });
    expect(exchange.json().error_description).toMatch(/revoked; register again/);
    const { jti: tokenId, sub } = claimsOf(token);
    expect((await test.json('/internal/token-status', { jti: tokenId, sub })).json()).toEqual({ active: false });
  });

  it('accepts the SSF sub_id form (opaque) and applies a repeated jti once', async () => {
    const { identity } = await registered();
    const set = await securityEvent({ sub_id: { format: 'opaque', id: identity.registration_id } });
    expect((await push(set)).statusCode).toBe(202);
    expect((await push(set)).statusCode).toBe(202);
    expect(
      (await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })).json()
        .error,
    ).toBe('invalid_grant');
  });

  it('answers 400 with RFC 8935 codes for a bad signature, issuer or audience, and a missing events claim', async () => {
    const { identity } = await registered();
    const cases: [Promise<string>, string][] = [
      [securityEvent({ sub: identity.registration_id }, { key: strangerKey }), 'invalid_key'],
      [securityEvent({ sub: identity.registration_id }, { iss: 'https://stranger.example' }), 'invalid_issuer'],
      [securityEvent({ sub: identity.registration_id }, { aud: 'https://other-service.example' }), 'invalid_audience'],
      [securityEvent({ sub: identity.registration_id, events: {} }), 'invalid_request'],
      [securityEvent({ sub: identity.registration_id }, { typ: 'at+jwt' }), 'invalid_request'],
    ];
    for (const [set, err] of cases) {
      const response = await push(await set);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ err, description: expect.any(String) });
    }
    expect((await push('not a jwt')).json().err).toBe('invalid_request');
    expect((await push(await securityEvent({ sub: identity.registration_id }), 'application/json')).statusCode).toBe(
      400,
    );
    // None of those revoked anything.
    expect(
      (await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })).statusCode,
    ).toBe(200);
  });

  it('accepts and ignores event types it does not act on', async () => {
    const { identity } = await registered();
    const set = await securityEvent({
      sub: identity.registration_id,
      events: { 'https://schemas.openid.net/secevent/caep/event-type/assurance-level-change': {} },
    });
    expect((await push(set)).statusCode).toBe(202);
    expect(
      (await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })).statusCode,
    ).toBe(200);
  });
});
