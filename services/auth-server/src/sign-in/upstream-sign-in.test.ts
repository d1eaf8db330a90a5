import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { safeReturnPath } from '../routes/sign-in-routes.ts';
import type { TestApp } from '../testing/test-app.ts';
import {
  BASE_URL,
  browser,
  claimsOf,
  formField,
  OPERATOR_KEY,
  pkce,
  startTestApp,
  TEST_CLIENT,
} from '../testing/test-app.ts';
import type { UpstreamIdp } from '@rankgate/platform/testing/upstream-idp';
import { startUpstreamIdp, throughUpstream } from '@rankgate/platform/testing/upstream-idp';
import { SignInRefused, UpstreamOidc, UpstreamUnavailable } from './upstream-oidc.ts';

const CALLBACK = `${BASE_URL}/oauth2/sign-in/callback`;
const REDIRECT = 'http://127.0.0.1/callback';
const ALICE = { sub: 'alice-sub', email: 'alice@example.org', email_verified: true };
const CAROL = { sub: 'carol-sub', email: 'Carol@Example.org', email_verified: true };

let upstream: UpstreamIdp;
let test: TestApp;
beforeAll(async () => {
  upstream = await startUpstreamIdp({ redirectUri: () => CALLBACK });
  test = await startTestApp({
    env: {
      UPSTREAM_OIDC_ISSUER: upstream.issuer,
      UPSTREAM_OIDC_CLIENT_ID: upstream.clientId,
      UPSTREAM_OIDC_CLIENT_SECRET: upstream.clientSecret,
      UPSTREAM_OIDC_ALLOWED_SUBJECTS: 'alice-sub',
      UPSTREAM_OIDC_ALLOWED_EMAILS: 'carol@example.org',
      UPSTREAM_OIDC_NAME: 'Test IdP',
      FETCH_ALLOW_HOSTS: '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await test?.close();
  await upstream?.close();
});

const linkTo = (page: string, text: string): string =>
  new RegExp(`<a href="([^"]+)">${text}</a>`).exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';

/** A person in one browser: our pages through the app, the provider over HTTP. */
function person() {
  const pages = browser(test);
  return {
    ...pages,
    /** From a page's "Sign in with" link to our callback's answer, through the provider. */
    async signIn(page: string) {
      const start = await pages.get(linkTo(page, 'Sign in with Test IdP'));
      expect(start.statusCode, start.body).toBe(303);
      const back = await throughUpstream(String(start.headers.location), upstream.issuer);
      expect(back.origin + back.pathname).toBe(CALLBACK);
      return { back, answer: await pages.get(back.href) };
    },
  };
}

async function consentFor(visitor: ReturnType<typeof person>) {
  const { challenge, verifier } = pkce();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: TEST_CLIENT,
    redirect_uri: REDIRECT,
    scope: 'search:read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's1',
  });
  const started = await visitor.get(`/oauth2/authorize?${query}`);
  const consentUrl = String(started.headers.location);
  return { consentUrl, verifier, consent: await visitor.get(consentUrl) };
}

describe('approving through an upstream OpenID Connect provider', () => {
  it('replaces the operator key on the consent page: the person signs in upstream (code + PKCE, state, nonce) and then approves', async () => {
    const visitor = person();
    const { consentUrl, verifier, consent } = await consentFor(visitor);
    expect(consent.body).toContain('Sign in with Test IdP');
    expect(consent.body).not.toContain('name="operator_key"');
    expect(consent.body).not.toContain('value="approve"');
    // The operator key is not accepted instead.
    const withKey = await visitor.post(consentUrl, {
      csrf: formField(consent.body, 'csrf') ?? '',
      operator_key: OPERATOR_KEY,
      decision: 'approve',
    });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.body).toContain('Sign in first.');

    upstream.signInAs(ALICE);
    const { answer } = await visitor.signIn(consent.body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('Signed in as <strong>alice@example.org</strong>');
    expect(answer.body).toContain(`<meta http-equiv="refresh" content="0;url=${consentUrl}">`);
    expect(answer.headers['referrer-policy']).toBe('no-referrer');

    const signedIn = await visitor.get(consentUrl);
    expect(signedIn.body).toContain('Signed in as <strong>alice@example.org</strong>');
    const approved = await visitor.post(consentUrl, {
      csrf: formField(signedIn.body, 'csrf') ?? '',
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(303);
    const callback = new URL(String((await visitor.get(String(approved.headers.location))).headers.location));
    const token = await test.form('/oauth2/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: TEST_CLIENT,
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(claimsOf(token.json().access_token)).toMatchObject({ scope: 'search:read' });
  });

  it('lets a person allowed by verified e-mail (read from UserInfo, any case) confirm a claim', async () => {
    const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
    const started = (
      await test.json('/agent/identity/claim', { claim_token: identity.claim_token, email: 'owner@example.org' })
    ).json();
    const visitor = person();
    const entry = await visitor.get(`/oauth2/claim?user_code=${started.user_code}`);
    expect(entry.body).not.toContain('name="user_code"');
    upstream.signInAs(CAROL);
    const { answer } = await visitor.signIn(entry.body);
    expect(answer.body).toContain('Signed in as <strong>Carol@Example.org</strong>');
    expect(answer.body).toContain(`content="0;url=${BASE_URL}/oauth2/claim?user_code=${started.user_code}"`);
    const form = await visitor.get(`/oauth2/claim?user_code=${started.user_code}`);
    expect(form.body).toContain(`value="${started.user_code}"`);
    const shown = await visitor.post('/oauth2/claim', {
      csrf: formField(form.body, 'csrf') ?? '',
      step: 'lookup',
      user_code: started.user_code,
    });
    expect(shown.body).toContain(identity.registration_id);
    const done = await visitor.post('/oauth2/claim', {
      csrf: formField(shown.body, 'csrf') ?? '',
      step: 'confirm',
      user_code: started.user_code,
    });
    expect(done.body).toContain('Claim confirmed');
  });

  it('refuses people who are not on the allow-lists, and an allowed e-mail the provider has not verified', async () => {
    for (const account of [
      { sub: 'mallory-sub', email: 'mallory@example.org', email_verified: true },
      { ...CAROL, sub: 'carol-twin', email_verified: false },
    ]) {
      const visitor = person();
      const { consentUrl, consent } = await consentFor(visitor);
      upstream.signInAs(account);
      const { answer } = await visitor.signIn(consent.body);
      expect(answer.statusCode, account.sub).toBe(403);
      expect(answer.body).toContain('may not approve here');
      expect((await visitor.get(consentUrl)).body).toContain('Sign in with Test IdP');
    }
  });

  it('accepts each answer once, only in the browser that started it', async () => {
    const first = person();
    const { consent } = await consentFor(first);
    const answerFor = async () => {
      upstream.signInAs(ALICE);
      const start = await first.get(linkTo(consent.body, 'Sign in with Test IdP'));
      return throughUpstream(String(start.headers.location), upstream.issuer);
    };
    // Another browser (login CSRF: a completed sign-in pushed onto someone else) is refused.
    const stolen = await person().get((await answerFor()).href);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain('started in another browser');
    // The right browser gets in once; replaying the same answer is refused.
    const back = await answerFor();
    expect((await first.get(back.href)).statusCode).toBe(200);
    const replayed = await first.get(back.href);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.body).toContain('unknown, expired or already used');
    // A made-up state is unknown.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect((await first.get(forged.href)).statusCode).toBe(400);
  });

  it('keeps the return path on this service', () => {
    expect(safeReturnPath('/oauth2/interaction/abc_DEF-1')).toBe('/oauth2/interaction/abc_DEF-1');
    expect(safeReturnPath('/oauth2/claim?user_code=BCDF-GHJK')).toBe('/oauth2/claim?user_code=BCDF-GHJK');
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/oauth2/interaction/x/../../admin',
      '/oauth2/claim?user_code=<script>',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(safeReturnPath(hostile)).toBe('/oauth2/claim');
    }
  });
});

describe('the upstream client (oauth4webapi)', () => {
  const client = (overrides: Partial<ConstructorParameters<typeof UpstreamOidc>[0]> = {}) =>
    new UpstreamOidc({
      issuer: upstream.issuer,
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
      allowedSubjects: ['alice-sub'],
      allowedEmails: [],
      redirectUri: CALLBACK,
      allowInsecure: true,
      timeoutMs: 5000,
      ...overrides,
    });

  it('refuses an answer whose nonce, state or PKCE verifier is not the one this sign-in sent', async () => {
    const oidc = client();
    for (const tamper of ['nonce', 'state', 'verifier'] as const) {
      const start = await oidc.start();
      upstream.signInAs(ALICE);
      const back = await throughUpstream(start.url, upstream.issuer);
      await expect(oidc.finish(back, { ...start, [tamper]: `${start[tamper]}-other` }), tamper).rejects.toMatchObject({
        name: 'SignInRefused',
        reason: 'invalid',
      });
    }
    const start = await oidc.start();
    upstream.signInAs(ALICE);
    await expect(oidc.finish(await throughUpstream(start.url, upstream.issuer), start)).resolves.toMatchObject({
      subject: 'alice-sub',
      label: 'alice@example.org',
    });
  });

  it('reports a cancelled sign-in and an unreachable provider for what they are', async () => {
    const oidc = client();
    const start = await oidc.start();
    const cancelled = new URL(
      `${CALLBACK}?error=access_denied&state=${start.state}&iss=${encodeURIComponent(upstream.issuer)}`,
    );
    await expect(oidc.finish(cancelled, start)).rejects.toMatchObject({ reason: 'cancelled' });
    await expect(client({ issuer: 'http://127.0.0.1:1' }).start()).rejects.toBeInstanceOf(UpstreamUnavailable);
  });

  it('reads an e-mail from the ID token when the provider puts it there', async () => {
    const direct = await startUpstreamIdp({ redirectUri: () => CALLBACK, emailInIdToken: true });
    try {
      const oidc = client({
        issuer: direct.issuer,
        clientId: direct.clientId,
        clientSecret: direct.clientSecret,
        allowedSubjects: [],
        allowedEmails: ['carol@example.org'],
      });
      const start = await oidc.start();
      direct.signInAs(CAROL);
      await expect(oidc.finish(await throughUpstream(start.url, direct.issuer), start)).resolves.toMatchObject({
        subject: 'carol-sub',
        email: 'Carol@Example.org',
      });
      const again = await oidc.start();
      direct.signInAs({ sub: 'dave-sub', email: 'dave@example.org', email_verified: true });
      await expect(oidc.finish(await throughUpstream(again.url, direct.issuer), again)).rejects.toBeInstanceOf(
        SignInRefused,
      );
    } finally {
      await direct.close();
    }
  });
});
