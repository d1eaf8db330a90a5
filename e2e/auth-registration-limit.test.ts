/**
 * The per-address registration limit at the gateway (split topology with Redis): agent identities
 * and dynamically registered clients share one sliding window per client address, and a refusal
 * keeps the OAuth error format, so OAuth libraries read it as such. 127.0.0.1 is a trusted proxy
 * here, so each test client names its address in X-Forwarded-For.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { discover, insecure } from './harness/agent-auth.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const LIMIT = 3;

describe.skipIf(plan.mode !== 'local')(suiteTitle('registration limit', plan), () => {
  let target: LocalTarget | undefined;
  let base: string;

  const registerIdentity = (ip: string) =>
    fetch(`${base}/agent/identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ type: 'anonymous' }),
      signal: AbortSignal.timeout(10_000),
    });

  beforeAll(async () => {
    target = await startLocalTarget(plan, { REGISTRATION_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1' });
    base = target.baseUrl;
  });
  afterAll(async () => {
    await target?.stop();
  });

  it(verifies('AUTH-LIMIT-1'), async () => {
    const ip = '203.0.113.40';
    const as = await discover(base);
    const first = await registerIdentity(ip);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe(`"registration";q=${LIMIT};w=60`);
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"registration";r=${LIMIT - 1};t=\\d+$`));
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: ['http://127.0.0.1:9912/cb'], token_endpoint_auth_method: 'none' },
        { ...insecure, headers: new Headers({ 'x-forwarded-for': ip }) },
      ),
    );
    expect(client.client_id).toEqual(expect.any(String));
    expect((await registerIdentity(ip)).status).toBe(200);

    // The next identity and the next client from that address are refused, as OAuth errors.
    const refused = await registerIdentity(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({
      error: 'rate_limited',
      error_description: expect.stringContaining(`${LIMIT} identities or clients per 60 s`),
    });
    const registration = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: ['http://127.0.0.1:9913/cb'] },
      { ...insecure, headers: new Headers({ 'x-forwarded-for': ip }) },
    );
    expect(registration.status).toBe(429);
    await expect(oauth.processDynamicClientRegistrationResponse(registration)).rejects.toMatchObject({
      error: 'rate_limited',
      status: 429,
    });

    // Other addresses, and the same address's other OAuth calls, are not affected.
    expect((await registerIdentity('203.0.113.41')).status).toBe(200);
    expect((await fetch(`${base}/oauth2/jwks`, { headers: { 'x-forwarded-for': ip } })).status).toBe(200);
  });
});
