import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { claimsOf, startTestApp } from '../testing/test-app.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

async function agentToken(): Promise<{ assertion: string; token: string }> {
  const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
  const token = (
    await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })
  ).json().access_token as string;
  return { assertion: identity.identity_assertion, token };
}

const active = async (token: string) => {
  const { jti, sub } = claimsOf(token);
  const response = await test.json('/internal/token-status', { jti, sub });
  expect(response.statusCode).toBe(200);
  return response.json().active as boolean;
};

describe("revocation (RFC 7009) and the gateway's token-status check", () => {
  it('revokes an access token (200, idempotent); the same assertion still exchanges for a new one', async () => {
    const { assertion, token } = await agentToken();
    expect(await active(token)).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      const response = await test.form('/oauth2/revoke', { token, token_type_hint: 'access_token' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(await active(token)).toBe(false);
    const again = (await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion })).json()
      .access_token as string;
    expect(await active(again)).toBe(true);
  });

  it('answers 200 for unknown tokens and odd hints, 400 invalid_request without a token', async () => {
    expect((await test.form('/oauth2/revoke', { token: 'nonsense' })).statusCode).toBe(200);
    const { token } = await agentToken();
    expect((await test.form('/oauth2/revoke', { token, token_type_hint: 'refresh_token' })).statusCode).toBe(200);
    expect(await active(token)).toBe(false);
    const missing = await test.form('/oauth2/revoke', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
  });

  it('revokes a token whoever holds it, whatever client_id comes with it (public clients prove nothing)', async () => {
    const { token } = await agentToken();
    expect((await test.form('/oauth2/revoke', { token, client_id: 'someone-else' })).statusCode).toBe(200);
    expect(await active(token)).toBe(false);
  });

  it('refuses malformed status checks with a problem, and callers without the internal token', async () => {
    const bad = await test.json('/internal/token-status', { jti: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_REQUEST');
    const outsider = await test.app.inject({
      method: 'POST',
      url: '/internal/token-status',
      headers: { 'content-type': 'application/json' },
      payload: '{"jti":"a","sub":"b"}',
    });
    expect(outsider.statusCode).toBe(401);
  });
});

describe('cross-origin callers', () => {
  it('may preflight and call the agent endpoints and revocation from a browser', async () => {
    for (const url of ['/agent/identity', '/agent/identity/claim', '/oauth2/revoke']) {
      const preflight = await test.call({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
    }
    const registered = await test.call({
      method: 'POST',
      url: '/agent/identity',
      headers: { origin: 'https://agent.example', 'content-type': 'application/json' },
      payload: '{"type":"anonymous"}',
    });
    expect(registered.headers['access-control-allow-origin']).toBe('*');
  });
});
