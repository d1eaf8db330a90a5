import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccessTokenVerifier, InvalidAccessTokenError, TokenCheckUnavailableError } from './access-tokens.ts';
import { startTestAuthServer } from './test-auth-server.ts';

const BASE_URL = 'https://rankgate.test';
const INTERNAL_TOKEN = 'i'.repeat(48);
const ORIGIN = [`${BASE_URL}/`];

let auth: Awaited<ReturnType<typeof startTestAuthServer>>;
let verifier: ReturnType<typeof createAccessTokenVerifier>;

beforeAll(async () => {
  auth = await startTestAuthServer(BASE_URL);
  verifier = createAccessTokenVerifier({
    issuer: BASE_URL,
    authServiceUrl: auth.url,
    internalToken: INTERNAL_TOKEN,
    refetchCooldownMs: 0,
  });
});
afterAll(() => auth.close());

describe('access token verification', () => {
  it('accepts a token signed by the auth-server and reports its scopes and subject', async () => {
    const { token } = await auth.issue({ scope: 'search:read health:read', sub: 'agent-7' });
    const verified = await verifier.verify(token, ORIGIN);
    expect(verified).toEqual({
      subject: 'agent-7',
      clientId: 'test-client',
      scopes: new Set(['search:read', 'health:read']),
    });
    // The keys and the revocation check are asked with the internal token.
    expect(auth.seen.every((request) => request.headers['x-internal-token'] === INTERNAL_TOKEN)).toBe(true);
  });

  it('accepts a token for any audience the route names, and only those (RFC 8707)', async () => {
    const { token } = await auth.issue({ aud: `${BASE_URL}/mcp` });
    await expect(verifier.verify(token, [`${BASE_URL}/`, `${BASE_URL}/mcp`])).resolves.toMatchObject({
      subject: 'agent-1',
    });
    await expect(verifier.verify(token, ORIGIN)).rejects.toThrow(/another resource/);
  });

  it.each([
    ['another audience', { aud: 'https://elsewhere.test/' }],
    ['another issuer', { iss: 'https://elsewhere.test' }],
    ['an expired token', { expiresIn: -120 }],
    ['a token issued in the future (iat ahead of the clock by more than the skew allowed)', { issuedIn: 600 }],
    ['a JWT that is not an access token (an identity assertion)', { typ: 'JWT' }],
  ])('refuses %s', async (_label, claims) => {
    const { token } = await auth.issue(claims);
    await expect(verifier.verify(token, ORIGIN)).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('refuses a token whose signature was tampered with, and non-JWT strings without calling the auth-server', async () => {
    const { token } = await auth.issue();
    const [header, payload] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scope: 'search:read mcp:invoke health:read admin' })).toString('base64url')}.${token.split('.')[2]}`;
    await expect(verifier.verify(forged, ORIGIN)).rejects.toBeInstanceOf(InvalidAccessTokenError);
    const calls = auth.statusCalls;
    await expect(verifier.verify('rg_not-a-jwt', ORIGIN)).rejects.toBeInstanceOf(InvalidAccessTokenError);
    expect(auth.statusCalls).toBe(calls);
  });

  it('refuses a revoked token and every token of a revoked identity on the next call', async () => {
    const first = await auth.issue({ sub: 'agent-revoked' });
    const second = await auth.issue({ sub: 'agent-revoked' });
    await expect(verifier.verify(first.token, ORIGIN)).resolves.toMatchObject({ subject: 'agent-revoked' });
    auth.revoke(first.jti);
    await expect(verifier.verify(first.token, ORIGIN)).rejects.toThrow(/revoked/);
    await expect(verifier.verify(second.token, ORIGIN)).resolves.toBeDefined();
    auth.revoke('agent-revoked');
    await expect(verifier.verify(second.token, ORIGIN)).rejects.toThrow(/revoked/);
  });

  it('refetches the key set when a token names an unknown key id (rotation), not on every call', async () => {
    const fetchesBefore = auth.jwksFetches;
    await verifier.verify((await auth.issue()).token, ORIGIN);
    await verifier.verify((await auth.issue()).token, ORIGIN);
    expect(auth.jwksFetches).toBe(fetchesBefore); // cached
    await auth.rotate('key-2');
    await expect(verifier.verify((await auth.issue()).token, ORIGIN)).resolves.toBeDefined();
    expect(auth.jwksFetches).toBe(fetchesBefore + 1);
  });

  it('fails closed when the revocation state cannot be read', async () => {
    const { token } = await auth.issue();
    auth.failTokenStatus(true);
    try {
      await expect(verifier.verify(token, ORIGIN)).rejects.toBeInstanceOf(TokenCheckUnavailableError);
    } finally {
      auth.failTokenStatus(false);
    }
  });

  it('fails closed when the token-status answer breaks its contract (200 without a boolean active)', async () => {
    const { token } = await auth.issue();
    auth.failTokenStatus('malformed');
    try {
      await expect(verifier.verify(token, ORIGIN)).rejects.toBeInstanceOf(TokenCheckUnavailableError);
    } finally {
      auth.failTokenStatus(false);
    }
  });

  it('fails closed when the auth-server is down', async () => {
    const down = createAccessTokenVerifier({
      issuer: BASE_URL,
      authServiceUrl: 'http://127.0.0.1:1',
      internalToken: INTERNAL_TOKEN,
      timeoutMs: 500,
    });
    const { token } = await auth.issue();
    await expect(down.verify(token, ORIGIN)).rejects.toBeInstanceOf(TokenCheckUnavailableError);
  });
});
