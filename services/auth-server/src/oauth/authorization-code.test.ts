import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import {
  BASE_URL,
  browser,
  claimsOf,
  formField,
  headerOf,
  OPERATOR_KEY,
  pkce,
  startTestApp,
  TEST_CLIENT,
} from '../testing/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const REDIRECT = 'http://127.0.0.1/callback';

function authorizeUrl(params: Record<string, string>): string {
  const { challenge } = pkce();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: TEST_CLIENT,
    redirect_uri: REDIRECT,
    scope: 'search:read mcp:invoke',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-123',
    ...params,
  });
  for (const [name, value] of Object.entries(params)) if (value === '') query.delete(name);
  return `/oauth2/authorize?${query}`;
}

/**
 * Runs the browser part of the flow: authorize → consent page → approve with the operator key → redirect with a code.
 */
async function approve(params: Record<string, string>, operatorKey = OPERATOR_KEY) {
  const person = browser(test);
  const started = await person.get(authorizeUrl(params));
  expect(started.statusCode, started.body).toBe(303);
  const consentUrl = String(started.headers.location);
  const consent = await person.get(consentUrl);
  expect(consent.statusCode).toBe(200);
  const answer = await person.post(consentUrl, {
    csrf: formField(consent.body, 'csrf') ?? '',
    operator_key: operatorKey,
    decision: 'approve',
  });
  if (answer.statusCode !== 303) return { person, consent, answer, callback: undefined };
  const resumed = await person.get(String(answer.headers.location));
  return { person, consent, answer, callback: new URL(String(resumed.headers.location)) };
}

const redeem = (code: string, verifier: string, redirectUri = REDIRECT) =>
  test.form('/oauth2/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
    client_id: TEST_CLIENT,
  });

describe('authorization code with PKCE (seeded public client)', () => {
  it('issues a one-hour ES256 JWT for the operator, audience {base_url}/, after the operator approves', async () => {
    const { verifier, challenge } = pkce();
    const { consent, callback } = await approve({ code_challenge: challenge });
    expect(consent.body).toContain('Rankgate test client');
    expect(consent.body).toContain('search:read');
    expect(consent.headers['x-frame-options']).toBe('DENY');
    expect(consent.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(consent.headers['referrer-policy']).toBe('no-referrer');
    expect(callback?.origin + (callback?.pathname ?? '')).toBe(REDIRECT);
    expect(callback?.searchParams.get('state')).toBe('st-123');
    expect(callback?.searchParams.get('iss')).toBe(BASE_URL);
    const code = callback?.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const token = await redeem(code, verifier);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['cache-control']).toContain('no-store');
    const body = token.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'search:read mcp:invoke' });
    expect(body).not.toHaveProperty('refresh_token');
    expect(headerOf(body.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({
      iss: BASE_URL,
      aud: `${BASE_URL}/`,
      sub: 'operator',
      client_id: TEST_CLIENT,
      scope: 'search:read mcp:invoke',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('completes with scope=openid: the approval covers it, the browser is not sent back to the consent page', async () => {
    const { verifier, challenge } = pkce();
    const { callback } = await approve({ code_challenge: challenge, scope: 'openid search:read' });
    expect(callback?.origin + (callback?.pathname ?? '')).toBe(REDIRECT);
    const code = callback?.searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await redeem(code ?? '', verifier);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().scope).toContain('search:read');
  });

  it('audience-restricts the token to the resource asked for (RFC 8707): the MCP endpoint, or the origin', async () => {
    for (const [resource, audience] of [
      [`${BASE_URL}/mcp`, `${BASE_URL}/mcp`],
      ['HTTPS://RG.EXAMPLE/mcp', `${BASE_URL}/mcp`],
      [BASE_URL, `${BASE_URL}/`],
    ] as const) {
      const { verifier, challenge } = pkce();
      const { consent, callback } = await approve({ code_challenge: challenge, resource });
      expect(consent.body).toContain(resource);
      const token = await test.form('/oauth2/token', {
        grant_type: 'authorization_code',
        code: callback?.searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: REDIRECT,
        client_id: TEST_CLIENT,
        resource,
      });
      expect(token.statusCode, token.body).toBe(200);
      expect(claimsOf(token.json().access_token), resource).toMatchObject({
        aud: audience,
        scope: 'search:read mcp:invoke',
      });
    }
  });

  it('refuses a resource that is not ours, or that has a fragment, with invalid_target', async () => {
    for (const resource of ['https://elsewhere.example/mcp', `${BASE_URL}/mcp#frag`, `${BASE_URL}/v1/search`]) {
      const response = await test.call({ url: authorizeUrl({ resource }) });
      expect(response.statusCode, resource).toBe(303);
      const back = new URL(String(response.headers.location));
      expect(back.searchParams.get('error'), resource).toBe('invalid_target');
    }
  });

  it('refuses a reused code and revokes the token the first redemption issued', async () => {
    const { verifier, challenge } = pkce();
    const { callback } = await approve({ code_challenge: challenge });
    const code = callback?.searchParams.get('code') ?? '';
    const first = (await redeem(code, verifier)).json();
    const claims = claimsOf(first.access_token);
    const again = await redeem(code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    const status = await test.json('/internal/token-status', { jti: claims.jti, sub: claims.sub });
    expect(status.json()).toEqual({ active: false });
  });

  it('refuses a missing or wrong code_verifier (no PKCE downgrade at the token endpoint)', async () => {
    const { challenge } = pkce();
    const { callback } = await approve({ code_challenge: challenge });
    const code = callback?.searchParams.get('code') ?? '';
    const missing = await test.form('/oauth2/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: TEST_CLIENT,
    });
    expect(missing.json().error).toMatch(/invalid_grant|invalid_request/);
    const wrong = await redeem(code, pkce().verifier);
    expect(wrong.json().error).toBe('invalid_grant');
  });

  it('refuses an authorization request without code_challenge or with the plain method', async () => {
    for (const params of [
      { code_challenge: '', code_challenge_method: '' },
      { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
    ]) {
      const response = await test.call({ url: authorizeUrl(params) });
      expect(response.statusCode).toBe(303);
      const back = new URL(String(response.headers.location));
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });

  it('shows an error instead of redirecting when the redirect URI is not registered exactly', async () => {
    for (const redirect of ['http://127.0.0.1/callback/', 'http://127.0.0.1/other', 'https://evil.example/cb']) {
      const response = await test.call({
        url: authorizeUrl({ redirect_uri: redirect }),
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('redirect_uri');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('redeems only with the redirect URI of the authorization request', async () => {
    const { verifier, challenge } = pkce();
    const { callback } = await approve({ code_challenge: challenge });
    const response = await redeem(
      callback?.searchParams.get('code') ?? '',
      verifier,
      'http://127.0.0.1:8787/oauth/callback',
    );
    expect(response.json().error).toBe('invalid_grant');
  });

  it('offers only the code response type and no password grant', async () => {
    const implicit = await test.call({ url: authorizeUrl({ response_type: 'token' }) });
    const back = new URL(String(implicit.headers.location));
    expect(new URLSearchParams(back.hash.slice(1)).get('error')).toBe('unsupported_response_type');
    expect(back.searchParams.get('code')).toBeNull();
    const password = await test.form('/oauth2/token', {
      grant_type: 'password',
      username: 'a',
      password: 'b',
      client_id: TEST_CLIENT,
    });
    expect(password.json().error).toBe('unsupported_grant_type');
  });

  it('keeps the consent form closed to a wrong operator key and to a forged form', async () => {
    const { challenge } = pkce();
    const wrong = await approve({ code_challenge: challenge }, 'not-the-operator-key');
    expect(wrong.answer.statusCode).toBe(401);
    expect(wrong.answer.body).toContain('not the operator key');

    const person = browser(test);
    const started = await person.get(authorizeUrl({ code_challenge: challenge }));
    const consentUrl = String(started.headers.location);
    await person.get(consentUrl);
    const forged = await person.post(consentUrl, { csrf: 'forged', operator_key: OPERATOR_KEY, decision: 'approve' });
    expect(forged.statusCode).toBe(403);
  });

  it('returns access_denied to the client when the operator denies', async () => {
    const person = browser(test);
    const started = await person.get(authorizeUrl({}));
    const consentUrl = String(started.headers.location);
    const consent = await person.get(consentUrl);
    const denied = await person.post(consentUrl, { csrf: formField(consent.body, 'csrf') ?? '', decision: 'deny' });
    const resumed = await person.get(String(denied.headers.location));
    const back = new URL(String(resumed.headers.location));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
  });
});
