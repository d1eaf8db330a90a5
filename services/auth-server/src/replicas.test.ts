/**
 * Two auth-server replicas on one Redis (the split deployment): whatever one issues, records or
 * revokes, the other honours. Also the race the store adapter closes: one code, two redemptions.
 */
import { randomUUID } from 'node:crypto';

import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, RedisKeyValueStore } from '@rankgate/platform/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from './testing/test-app.ts';
import { browser, claimsOf, formField, OPERATOR_KEY, pkce, startTestApp, TEST_CLIENT } from './testing/test-app.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

async function redisAnswers(): Promise<boolean> {
  const probe = createStoreRedisConnection(REDIS_URL, {
    name: 'auth-server-test-probe',
    onError: () => undefined,
    commandTimeoutMs: 1000,
  });
  try {
    await probe.ping();
    return true;
  } catch (error) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is not reachable at ${REDIS_URL}; CI=true, so the replica tests cannot be skipped.`, {
        cause: error,
      });
    console.warn(
      `Redis is not reachable at ${REDIS_URL}; skipping the replica tests (start it with \`redis-server --daemonize yes\`).`,
    );
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();
const prefix = `auth-test-${randomUUID()}:`;
const redisStore = (): KeyValueStore =>
  new RedisKeyValueStore({
    redis: createStoreRedisConnection(REDIS_URL, { name: 'auth-server-test' }),
    keyPrefix: prefix,
    ownsConnection: true,
  });

describe.skipIf(!available)('two replicas on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ store: redisStore() });
    b = await startTestApp({ store: redisStore() });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    // The signing key never expires: remove everything this run wrote.
    const redis = createStoreRedisConnection(REDIS_URL, { name: 'auth-server-test-cleanup' });
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }))
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    redis.disconnect();
  });

  it('publish the same signing key', async () => {
    const [keysA, keysB] = await Promise.all([a.call({ url: '/oauth2/jwks' }), b.call({ url: '/oauth2/jwks' })]);
    expect(keysA.json()).toEqual(keysB.json());
  });

  it('agree on registrations, claims and revocations', async () => {
    const identity = (await a.json('/agent/identity', { type: 'anonymous' })).json();
    const token = (
      await b.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })
    ).json();
    expect(token.scope).toBe('health:read mcp:invoke');
    expect((await a.form('/oauth2/revoke', { token: token.access_token })).statusCode).toBe(200);
    const { jti, sub } = claimsOf(token.access_token);
    expect((await b.json('/internal/token-status', { jti, sub })).json()).toEqual({ active: false });

    const attempt = (
      await b.json('/agent/identity/claim', { claim_token: identity.claim_token, email: 'r@example.org' })
    ).json();
    const person = browser(a);
    const entry = await person.get('/oauth2/claim');
    const shown = await person.post('/oauth2/claim', {
      csrf: formField(entry.body, 'csrf') ?? '',
      step: 'lookup',
      user_code: attempt.user_code,
      operator_key: OPERATOR_KEY,
    });
    await person.post('/oauth2/claim', {
      csrf: formField(shown.body, 'csrf') ?? '',
      step: 'confirm',
      user_code: attempt.user_code,
    });
    const claimed = await b.form('/oauth2/token', {
      grant_type: 'urn:rankgate:agent-auth:grant-type:claim',
      claim_token: identity.claim_token,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().scope).toBe('search:read mcp:invoke health:read');
  });

  it('let exactly one of two concurrent redemptions of a code succeed, on either replica', async () => {
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: TEST_CLIENT,
      redirect_uri: 'http://127.0.0.1/callback',
      scope: 'mcp:invoke',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const person = browser(a);
    const started = await person.get(`/oauth2/authorize?${query}`);
    const consentUrl = String(started.headers.location);
    const consent = await person.get(consentUrl);
    const approved = await person.post(consentUrl, {
      csrf: formField(consent.body, 'csrf') ?? '',
      operator_key: OPERATOR_KEY,
      decision: 'approve',
    });
    const code =
      new URL(String((await person.get(String(approved.headers.location))).headers.location)).searchParams.get(
        'code',
      ) ?? '';
    const redeem = (app: TestApp) =>
      app.form('/oauth2/token', {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: 'http://127.0.0.1/callback',
        client_id: TEST_CLIENT,
      });
    const results = await Promise.all([redeem(a), redeem(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().error).toBe('invalid_grant');
  });

  it('check at most 10 operator-key guesses from one address when 300 arrive at once, across both replicas', async () => {
    const clientIp = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const person = browser(a);
    const entry = await person.get('/oauth2/claim');
    const csrf = formField(entry.body, 'csrf') ?? '';
    const cookie = person.jar.header('/oauth2/claim');
    const guess = (app: TestApp, i: number) =>
      app.call({
        method: 'POST',
        url: '/oauth2/claim',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-rankgate-client-ip': clientIp },
        payload: new URLSearchParams({
          csrf,
          step: 'lookup',
          user_code: 'ABCD-EFGH',
          operator_key: `wrong-key-${i}`,
        }).toString(),
      });
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => guess(i % 2 ? a : b, i)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(290);
    // The right key is refused too while the window lasts: the limit is per address, not per key.
    const right = await guess(a, -1).then(() =>
      a.call({
        method: 'POST',
        url: '/oauth2/claim',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-rankgate-client-ip': clientIp },
        payload: new URLSearchParams({
          csrf,
          step: 'lookup',
          user_code: 'ABCD-EFGH',
          operator_key: OPERATOR_KEY,
        }).toString(),
      }),
    );
    expect(right.statusCode).toBe(429);
  });

  it('do not count a right operator key or a known user code as a failure', async () => {
    const clientIp = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const identity = (await a.json('/agent/identity', { type: 'anonymous' })).json();
    const attempt = (
      await a.json('/agent/identity/claim', { claim_token: identity.claim_token, email: 'r@example.org' })
    ).json();
    const person = browser(b);
    const entry = await person.get('/oauth2/claim');
    const csrf = formField(entry.body, 'csrf') ?? '';
    const cookie = person.jar.header('/oauth2/claim');
    for (let i = 0; i < 15; i += 1) {
      const shown = await b.call({
        method: 'POST',
        url: '/oauth2/claim',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-rankgate-client-ip': clientIp },
        payload: new URLSearchParams({
          csrf,
          step: 'lookup',
          user_code: attempt.user_code,
          operator_key: OPERATOR_KEY,
        }).toString(),
      });
      expect(shown.statusCode, `lookup ${i + 1}`).toBe(200);
    }
  });
});
