/**
 * Access tokens from the authorization server, used on the protected API through the gateway:
 * scopes enforced (an anonymous identity never reaches search before its claim), a claimed
 * identity searching, and both kinds of revocation taking effect on the next request. Searches go
 * to a fake Brave server speaking Brave's wire format.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey } from 'jose';
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { confirmClaim, discover, exchangeAssertion, pollClaim } from './harness/agent-auth.ts';
import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import { OAuthBrowser } from './harness/oauth-browser.ts';
import { expectProblem } from './harness/problem.ts';
import { httpClient } from './harness/http.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const TRANSMITTER = 'https://registrar.gateway-e2e.example';
const REVOKED_EVENT = 'https://schemas.workos.com/events/agent/auth/identity/assertion/revoked';

interface AnonymousIdentity {
  registration_id: string;
  identity_assertion: string;
  claim_token: string;
}
interface ClaimStart {
  user_code: string;
}

describe.skipIf(plan.mode !== 'local')(suiteTitle('OAuth access tokens at the gateway', plan), () => {
  let brave: FakeBrave;
  let target: LocalTarget | undefined;
  let base: string;
  let as: oauth.AuthorizationServer;
  let transmitterKey: CryptoKey;

  const postJson = async <T>(path: string, body: unknown): Promise<T> =>
    (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as T;
  const search = (token: string) =>
    httpClient(base).get('/v1/search?q=ocean+tides&k=2', { headers: { authorization: `Bearer ${token}` } });

  /** An anonymous identity, claimed by the operator through the ceremony: its claimed token and fresh assertion. */
  async function claimedIdentity(): Promise<{
    identity: AnonymousIdentity;
    preClaimToken: string;
    token: string;
    assertion: string;
  }> {
    const identity = await postJson<AnonymousIdentity>('/agent/identity', { type: 'anonymous' });
    const preClaimToken = (await exchangeAssertion(as, identity.identity_assertion, `${base}/`)).access_token;
    const started = await postJson<ClaimStart>('/agent/identity/claim', {
      claim_token: identity.claim_token,
      email: 'owner@example.org',
    });
    expect(await confirmClaim(new OAuthBrowser(), base, started.user_code, target!.apiKey ?? '')).toContain(
      'Claim confirmed',
    );
    const claimed = await pollClaim(as, identity.claim_token);
    if ('error' in claimed) throw new Error(`claim failed: ${claimed.error}`);
    return { identity, preClaimToken, token: claimed.access_token, assertion: String(claimed.identity_assertion) };
  }

  beforeAll(async () => {
    brave = await startFakeBrave();
    const pair = await generateKeyPair('ES256');
    transmitterKey = pair.privateKey;
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
      CLAIM_POLL_INTERVAL_S: '1',
      SET_TRUSTED_ISSUERS: JSON.stringify([
        { issuer: TRANSMITTER, jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'gw-e2e' }] } },
      ]),
    });
    base = target.baseUrl;
    as = await discover(base);
  });
  afterAll(async () => {
    await target?.stop();
    await brave?.close();
  });

  it(verifies('AUTH-GW-1'), async () => {
    const identity = await postJson<AnonymousIdentity>('/agent/identity', { type: 'anonymous' });
    const token = (await exchangeAssertion(as, identity.identity_assertion, `${base}/`)).access_token;
    const refused = await search(token);
    expectProblem(refused, 403, 'FORBIDDEN');
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect((await fetch(`${base}/health`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it(
    verifies('AUTH-GW-2'),
    async () => {
      const { preClaimToken, token, assertion } = await claimedIdentity();
      expect((await search(token)).status).toBe(200);
      expectProblem(await search(preClaimToken), 401, 'UNAUTHORIZED');
      const fresh = await exchangeAssertion(as, assertion, `${base}/`);
      expect(fresh.scope).toContain('search:read');
      expect((await search(fresh.access_token)).status).toBe(200);
    },
    30_000,
  );

  it(
    verifies('AUTH-GW-3'),
    async () => {
      const { token } = await claimedIdentity();
      expect((await search(token)).status).toBe(200);
      const revoked = await fetch(`${base}/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
      });
      expect(revoked.status).toBe(200);
      const refused = await search(token);
      expectProblem(refused, 401, 'UNAUTHORIZED');
      expect(refused.headers.get('www-authenticate')).toContain(
        `resource_metadata="${base}/.well-known/oauth-protected-resource"`,
      );
    },
    30_000,
  );

  it(
    verifies('AUTH-GW-4'),
    async () => {
      const { identity, token, assertion } = await claimedIdentity();
      expect((await search(token)).status).toBe(200);
      const event = await new SignJWT({
        jti: `gw-${identity.registration_id}`,
        sub_id: { format: 'opaque', id: identity.registration_id },
        events: { [REVOKED_EVENT]: {} },
      })
        .setProtectedHeader({ alg: 'ES256', kid: 'gw-e2e', typ: 'secevent+jwt' })
        .setIssuer(TRANSMITTER)
        .setAudience(base)
        .setIssuedAt()
        .sign(transmitterKey);
      const delivered = await fetch(`${base}/agent/event/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/secevent+jwt' },
        body: event,
      });
      expect(delivered.status).toBe(202);
      expectProblem(await search(token), 401, 'UNAUTHORIZED');
      await expect(exchangeAssertion(as, assertion, `${base}/`)).rejects.toMatchObject({ error: 'invalid_grant' });
    },
    30_000,
  );
});
