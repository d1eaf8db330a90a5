import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../testing/test-app.ts';
import { BASE_URL, browser, claimsOf, formField, OPERATOR_KEY, startTestApp } from '../../testing/test-app.ts';

const CLAIM = 'urn:rankgate:agent-auth:grant-type:claim';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({ config: { CLAIM_POLL_INTERVAL_S: 1 } });
});
afterAll(() => test.close());

const poll = (claimToken: string) => test.form('/oauth2/token', { grant_type: CLAIM, claim_token: claimToken });
const tokenStatus = async (accessToken: string) => {
  const { jti, sub } = claimsOf(accessToken);
  return (await test.json('/internal/token-status', { jti, sub })).json().active as boolean;
};

/** The person's side: open the page, enter the code with the operator key, then confirm or deny. */
async function decide(userCode: string, step: 'confirm' | 'deny', app = test) {
  const person = browser(app);
  const entry = await person.get(`/oauth2/claim?user_code=${encodeURIComponent(userCode)}`);
  expect(entry.headers['x-frame-options']).toBe('DENY');
  expect(entry.headers['referrer-policy']).toBe('no-referrer');
  const shown = await person.post('/oauth2/claim', {
    csrf: formField(entry.body, 'csrf') ?? '',
    step: 'lookup',
    user_code: userCode,
    operator_key: OPERATOR_KEY,
  });
  expect(shown.statusCode, shown.body).toBe(200);
  const done = await person.post('/oauth2/claim', {
    csrf: formField(shown.body, 'csrf') ?? '',
    step,
    user_code: userCode,
  });
  return { shown, done };
}

describe('the claim ceremony', () => {
  it('polls pending → confirmed → one token with search:read and a fresh assertion; pre-claim tokens die', async () => {
    const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
    const preClaim = (
      await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })
    ).json().access_token as string;
    expect(await tokenStatus(preClaim)).toBe(true);

    const started = await test.json('/agent/identity/claim', {
      claim_token: identity.claim_token,
      email: 'owner@example.org',
    });
    expect(started.statusCode, started.body).toBe(200);
    const attempt = started.json();
    expect(attempt).toMatchObject({
      registration_id: identity.registration_id,
      status: 'initiated',
      claim_attempt: { verification_uri: `${BASE_URL}/oauth2/claim`, interval: 1 },
    });
    expect(attempt.claim_attempt.expires_in).toBeGreaterThan(500);
    expect(attempt.user_code).toBe(attempt.claim_attempt.user_code);

    const pending = await poll(identity.claim_token);
    expect(pending.statusCode).toBe(400);
    expect(pending.headers['cache-control']).toContain('no-store');
    expect(pending.json().error).toBe('authorization_pending');
    const tooFast = await poll(identity.claim_token);
    expect(tooFast.json().error).toBe('slow_down');

    const { shown, done } = await decide(attempt.user_code, 'confirm');
    expect(shown.body).toContain(identity.registration_id);
    expect(shown.body).toContain('owner@example.org');
    expect(done.body).toContain('Claim confirmed');

    await sleep(6200); // the slow_down added 5 s to the 1 s interval
    const claimed = await poll(identity.claim_token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = claimed.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'search:read mcp:invoke health:read' });
    expect(body.identity_assertion).toEqual(expect.any(String));
    expect(new Date(body.assertion_expires).getTime()).toBeGreaterThan(Date.now());
    expect(claimsOf(body.access_token).sub).toBe(identity.registration_id);
    expect(await tokenStatus(body.access_token)).toBe(true);
    expect(await tokenStatus(preClaim)).toBe(false);

    await sleep(1100);
    expect((await poll(identity.claim_token)).json().error).toBe('invalid_grant');
    const fresh = (
      await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: body.identity_assertion })
    ).json();
    expect(fresh.scope).toBe('search:read mcp:invoke health:read');
    expect(
      (
        await test.json('/agent/identity/claim', { claim_token: identity.claim_token, email: 'owner@example.org' })
      ).json().error,
    ).toBe('invalid_claim_token');
  }, 20_000);

  it('tells a denied claim access_denied, and refuses a second claim while one is waiting', async () => {
    const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
    const attempt = (
      await test.json('/agent/identity/claim', { claim_token: identity.claim_token, login_hint: 'a@example.org' })
    ).json();
    const second = await test.json('/agent/identity/claim', {
      type: 'login_hint',
      claim_token: identity.claim_token,
      login_hint: 'b@example.org',
    });
    expect(second.json().error).toBe('claimed_or_in_flight');
    await decide(attempt.user_code, 'deny');
    expect((await poll(identity.claim_token)).json().error).toBe('access_denied');
  });

  it('answers expired_token once the user code lapsed, and 410 claim_expired for an old claim token', async () => {
    const quick = await startTestApp({ config: { CLAIM_POLL_INTERVAL_S: 1, CLAIM_ATTEMPT_TTL_S: 1 } });
    const identity = (await quick.json('/agent/identity', { type: 'anonymous' })).json();
    await quick.json('/agent/identity/claim', { claim_token: identity.claim_token, email: 'x@example.org' });
    await sleep(1200);
    expect(
      (await quick.form('/oauth2/token', { grant_type: CLAIM, claim_token: identity.claim_token })).json().error,
    ).toBe('expired_token');
    await quick.close();

    const stale = await startTestApp({ config: { CLAIM_TOKEN_TTL_S: 1 } });
    const old = (await stale.json('/agent/identity', { type: 'anonymous' })).json();
    await sleep(1200);
    const late = await stale.json('/agent/identity/claim', { claim_token: old.claim_token, email: 'x@example.org' });
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('claim_expired');
    await stale.close();
  });

  it('refuses unknown claim tokens and addresses that are not e-mail addresses', async () => {
    expect(
      (await test.json('/agent/identity/claim', { claim_token: 'clm_nope', email: 'x@example.org' })).json().error,
    ).toBe('invalid_claim_token');
    const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
    expect(
      (await test.json('/agent/identity/claim', { claim_token: identity.claim_token, email: 'nobody' })).json().error,
    ).toBe('invalid_login_hint');
    expect((await poll('clm_nope')).json().error).toBe('invalid_grant');
    expect((await poll(identity.claim_token)).json().error).toBe('invalid_grant'); // no claim started yet
  });

  it('completes a service_auth login-hint registration through the same ceremony', async () => {
    const identity = (
      await test.json('/agent/identity', { type: 'service_auth', login_hint: 'svc@example.org' })
    ).json();
    await decide(identity.claim.user_code, 'confirm');
    const claimed = await poll(identity.claim_token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().scope).toBe('search:read mcp:invoke health:read');
  });

  it('limits wrong user codes per address (they count with wrong keys) and never reveals an identity for them', async () => {
    const guesser = await startTestApp();
    const person = browser(guesser);
    const entry = await person.get('/oauth2/claim');
    const csrf = formField(entry.body, 'csrf') ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await person.post('/oauth2/claim', {
        csrf,
        step: 'lookup',
        user_code: `BCDF-GH${'JK'[i % 2]}${'LM'[i % 2]}`,
        operator_key: OPERATOR_KEY,
      });
      statuses.push(answer.statusCode);
      expect(answer.body).not.toContain('reg_');
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    await guesser.close();
  });
});
