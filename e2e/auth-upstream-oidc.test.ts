/**
 * The person signs in through an upstream OpenID Connect provider (a second, real oidc-provider
 * on 127.0.0.1) instead of typing the operator key, through the gateway (split topology): to
 * approve a client's code flow, and to confirm an agent's claim; someone not on the allow-list is
 * refused. The auth-server reaches the provider over plain http only because 127.0.0.1 is in the
 * test allow-list (FETCH_ALLOW_HOSTS).
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { discover, exchangeAssertion, insecure, pollClaim } from './harness/agent-auth.ts';
import { OAuthBrowser, formField } from './harness/oauth-browser.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import type { UpstreamIdp } from '@rankgate/platform/testing/upstream-idp';
import { startUpstreamIdp, throughUpstream } from '@rankgate/platform/testing/upstream-idp';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const SEEDED_CLIENT = 'rankgate-test-client';
const REDIRECT = 'http://127.0.0.1/callback';
const ALICE = { sub: 'alice-sub', email: 'alice@example.org', email_verified: true };

const linkTo = (page: string, text: string): string =>
  new RegExp(`<a href="([^"]+)">${text}</a>`).exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';

describe.skipIf(plan.mode !== 'local')(suiteTitle('upstream OpenID Connect sign-in', plan), () => {
  let upstream: UpstreamIdp;
  let target: LocalTarget | undefined;
  let base: string;
  let as: oauth.AuthorizationServer;

  /** From a page's sign-in link, through the provider, back to our callback: its answer page. */
  async function signIn(person: OAuthBrowser, page: string) {
    const start = await person.get(linkTo(page, 'Sign in with E2E IdP'));
    expect(start.status, start.text).toBe(303);
    const back = await throughUpstream(start.location ?? '', upstream.issuer);
    expect(back.origin + back.pathname).toBe(`${base}/oauth2/sign-in/callback`);
    return person.get(back.href);
  }

  beforeAll(async () => {
    upstream = await startUpstreamIdp({ redirectUri: () => `${base}/oauth2/sign-in/callback` });
    target = await startLocalTarget(plan, {
      UPSTREAM_OIDC_ISSUER: upstream.issuer,
      UPSTREAM_OIDC_CLIENT_ID: upstream.clientId,
      UPSTREAM_OIDC_CLIENT_SECRET: upstream.clientSecret,
      UPSTREAM_OIDC_ALLOWED_SUBJECTS: ALICE.sub,
      UPSTREAM_OIDC_NAME: 'E2E IdP',
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      CLAIM_POLL_INTERVAL_S: '1',
    });
    base = target.baseUrl;
    as = await discover(base);
  });
  afterAll(async () => {
    await target?.stop();
    await upstream?.close();
  });

  it(verifies('AUTH-UPSTREAM-1'), async () => {
    // A client's code flow: the consent page asks for a sign-in, not the operator key.
    const client: oauth.Client = { client_id: SEEDED_CLIENT };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorize = new URL(String(as.authorization_endpoint));
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: SEEDED_CLIENT,
      redirect_uri: REDIRECT,
      scope: 'search:read mcp:invoke',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    }).toString();
    const person = new OAuthBrowser();
    const consentUrl = (await person.get(authorize.href)).location ?? '';
    const consent = await person.get(consentUrl);
    expect(consent.text).toContain('Sign in with E2E IdP');
    expect(consent.text).not.toContain('name="operator_key"');

    upstream.signInAs(ALICE);
    const signedIn = await signIn(person, consent.text);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.text).toContain('Signed in as <strong>alice@example.org</strong>');
    expect(signedIn.headers.get('x-frame-options')).toBe('DENY');
    const page = await person.get(consentUrl);
    expect(page.text).toContain('Signed in as <strong>alice@example.org</strong>');
    const approved = await person.post(consentUrl, { csrf: formField(page.text, 'csrf'), decision: 'approve' });
    expect(approved.status).toBe(303);
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URL((await person.get(approved.location ?? '')).location ?? ''),
      state,
    );
    const token = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure),
    );
    expect(token.scope).toBe('search:read mcp:invoke');

    // The same person, still signed in in this browser, confirms an agent's claim.
    const identity = (await (
      await fetch(`${base}/agent/identity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"type":"anonymous"}',
      })
    ).json()) as { claim_token: string; identity_assertion: string; registration_id: string };
    const started = (await (
      await fetch(`${base}/agent/identity/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ claim_token: identity.claim_token, email: 'owner@example.org' }),
      })
    ).json()) as { user_code: string };
    const entry = await person.get(`${base}/oauth2/claim?user_code=${started.user_code}`);
    expect(entry.text).toContain(`value="${started.user_code}"`);
    const shown = await person.post(`${base}/oauth2/claim`, {
      csrf: formField(entry.text, 'csrf'),
      step: 'lookup',
      user_code: started.user_code,
    });
    expect(shown.text).toContain(identity.registration_id);
    const done = await person.post(`${base}/oauth2/claim`, {
      csrf: formField(shown.text, 'csrf'),
      step: 'confirm',
      user_code: started.user_code,
    });
    expect(done.text).toContain('Claim confirmed');
    const claimed = await pollClaim(as, identity.claim_token);
    if ('error' in claimed) throw new Error(`the claim did not complete: ${claimed.error}`);
    expect(claimed.scope).toBe('search:read mcp:invoke health:read');
    expect((await exchangeAssertion(as, String(claimed.identity_assertion), `${base}/`)).scope).toContain(
      'search:read',
    );
  });

  it(verifies('AUTH-UPSTREAM-2'), async () => {
    const person = new OAuthBrowser();
    const entry = await person.get(`${base}/oauth2/claim`);
    expect(entry.text).toContain('Sign in with E2E IdP');
    upstream.signInAs({ sub: 'mallory-sub', email: 'mallory@example.org', email_verified: true });
    const refused = await signIn(person, entry.text);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('mallory@example.org may not approve here');
    // Still not signed in: the claim form is not offered, and the operator key is not a way around it.
    const again = await person.get(`${base}/oauth2/claim`);
    expect(again.text).toContain('Sign in with E2E IdP');
    expect(again.text).not.toContain('name="user_code"');
    const authorize = new URL(String(as.authorization_endpoint));
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: SEEDED_CLIENT,
      redirect_uri: REDIRECT,
      scope: 'search:read',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
    }).toString();
    const consentUrl = (await person.get(authorize.href)).location ?? '';
    const consent = await person.get(consentUrl);
    const withKey = await person.post(consentUrl, {
      csrf: formField(consent.text, 'csrf'),
      operator_key: target!.apiKey ?? '',
      decision: 'approve',
    });
    expect(withKey.status).toBe(401);
    expect(withKey.text).toContain('Sign in first.');
  });
});
