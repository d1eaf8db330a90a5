/**
 * The authorization server through the gateway, driven by a real OAuth client (oauth4webapi):
 * discovery, code + PKCE with the seeded client, agent registration and the jwt-bearer exchange,
 * the claim ceremony, revocation, dynamic registration and security events. Needs the local split
 * topology (the auth-server is configured per run: a SET transmitter key, a 1-second claim interval).
 */
import type { CryptoKey } from 'jose';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AGENT_CLIENT, confirmClaim, discover, exchangeAssertion, insecure, pollClaim } from './harness/agent-auth.ts';
import { OAuthBrowser, formField } from './harness/oauth-browser.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const TRANSMITTER = 'https://registrar.e2e.example';
const REVOKED_EVENT = 'https://schemas.workos.com/events/agent/auth/identity/assertion/revoked';
const SEEDED_CLIENT = 'rankgate-test-client';
const REDIRECT = 'http://127.0.0.1/callback';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });

interface AnonymousIdentity {
  registration_id: string;
  identity_assertion: string;
  claim_token: string;
  pre_claim_scopes: string[];
  claim_url: string;
}
interface ClaimStart {
  user_code: string;
  claim_attempt: { verification_uri: string; interval: number };
}
const registerAnonymous = async (base: string) =>
  (await (await post(`${base}/agent/identity`, { type: 'anonymous' })).json()) as AnonymousIdentity;

describe.skipIf(plan.mode !== 'local')(
  suiteTitle('authorization server through the gateway (oauth4webapi)', plan),
  () => {
    let target: LocalTarget | undefined;
    let base: string;
    let as: oauth.AuthorizationServer;
    let transmitterKey: CryptoKey;

    beforeAll(async () => {
      const pair = await generateKeyPair('ES256');
      transmitterKey = pair.privateKey;
      const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'e2e-registrar' };
      target = await startLocalTarget(plan, {
        SET_TRUSTED_ISSUERS: JSON.stringify([{ issuer: TRANSMITTER, jwks: { keys: [jwk] } }]),
        CLAIM_POLL_INTERVAL_S: '1',
      });
      base = target.baseUrl;
      as = await discover(base);
    });
    afterAll(async () => {
      await target?.stop();
    });

    it(verifies('AUTH-META-1'), async () => {
      expect(as).toMatchObject({
        issuer: base,
        token_endpoint: `${base}/oauth2/token`,
        revocation_endpoint: `${base}/oauth2/revoke`,
        registration_endpoint: `${base}/oauth2/register`,
        code_challenge_methods_supported: ['S256'],
        agent_auth: {
          skill: `${base}/auth.md`,
          identity_endpoint: `${base}/agent/identity`,
          claim_endpoint: `${base}/agent/identity/claim`,
          events_endpoint: `${base}/agent/event/notify`,
          identity_types_supported: ['anonymous', 'identity_assertion', 'service_auth'],
          identity_assertion: { assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag'] },
        },
      });
      expect(as.grant_types_supported).toEqual(
        expect.arrayContaining([
          'authorization_code',
          'urn:ietf:params:oauth:grant-type:jwt-bearer',
          'urn:rankgate:agent-auth:grant-type:claim',
        ]),
      );
      expect(typeof as.client_id_metadata_document_supported).toBe('boolean');
    });

    it(verifies('AUTH-PRM-1'), async () => {
      for (const resource of [`${base}/`, `${base}/mcp`]) {
        const metadata = await oauth.processResourceDiscoveryResponse(
          new URL(resource),
          await oauth.resourceDiscoveryRequest(new URL(resource), insecure),
        );
        expect(metadata).toMatchObject({
          resource,
          resource_name: 'Rankgate search',
          authorization_servers: [base],
          scopes_supported: ['search:read', 'mcp:invoke', 'health:read'],
          bearer_methods_supported: ['header'],
        });
      }
      const client = await (await fetch(`${base}/.well-known/oauth-client/${SEEDED_CLIENT}.json`)).json();
      expect(client).toMatchObject({
        client_id: SEEDED_CLIENT,
        token_endpoint_auth_method: 'none',
        redirect_uris: [REDIRECT, 'http://127.0.0.1:8787/oauth/callback', 'urn:ietf:wg:oauth:2.0:oob'],
      });
    });

    it(verifies('AUTH-CODE-1'), async () => {
      const client: oauth.Client = { client_id: SEEDED_CLIENT };
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(String(as.authorization_endpoint));
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: SEEDED_CLIENT,
        redirect_uri: REDIRECT,
        scope: 'search:read health:read mcp:invoke',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      }).toString();
      const person = new OAuthBrowser();
      const started = await person.get(url.href);
      const consentUrl = started.location ?? '';
      const consent = await person.get(consentUrl);
      expect(consent.headers.get('x-frame-options')).toBe('DENY');
      expect(consent.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(consent.headers.get('referrer-policy')).toBe('no-referrer');
      expect(consent.text).toContain(SEEDED_CLIENT);
      const approved = await person.post(consentUrl, {
        csrf: formField(consent.text, 'csrf'),
        operator_key: target!.apiKey ?? '',
        decision: 'approve',
      });
      expect(approved.status).toBe(303);
      const callback = await person.get(approved.location ?? '');
      const params = oauth.validateAuthResponse(as, client, new URL(callback.location ?? ''), state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        REDIRECT,
        verifier,
        insecure,
      );
      expect(response.headers.get('cache-control')).toContain('no-store');
      const token = await oauth.processAuthorizationCodeResponse(as, client, response);
      expect(token).toMatchObject({
        token_type: 'bearer',
        expires_in: 3600,
        scope: 'search:read health:read mcp:invoke',
      });
      const claims = await oauth.validateJwtAccessToken(
        as,
        new Request(`${base}/v1/search`, { headers: { authorization: `Bearer ${token.access_token}` } }),
        `${base}/`,
        insecure,
      );
      expect(claims).toMatchObject({
        iss: base,
        aud: `${base}/`,
        client_id: SEEDED_CLIENT,
        scope: 'search:read health:read mcp:invoke',
      });

      // The code is single-use.
      const reuse = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        REDIRECT,
        verifier,
        insecure,
      );
      await expect(oauth.processAuthorizationCodeResponse(as, client, reuse)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    });

    it(verifies('AUTH-ANON-1'), async () => {
      const identity = await registerAnonymous(base);
      expect(identity).toMatchObject({
        pre_claim_scopes: ['health:read', 'mcp:invoke'],
        claim_url: `${base}/agent/identity/claim`,
      });
      expect(identity.claim_token).toMatch(/^clm_/);
      const token = await exchangeAssertion(as, identity.identity_assertion, `${base}/`);
      expect(token).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'health:read mcp:invoke' });
      expect(claimsOf(token.access_token)).toMatchObject({ aud: `${base}/`, sub: identity.registration_id });
    });

    it(
      verifies('AUTH-CLAIM-1'),
      async () => {
        const identity = await registerAnonymous(base);
        const started = (await (
          await post(`${base}/agent/identity/claim`, { claim_token: identity.claim_token, email: 'owner@example.org' })
        ).json()) as ClaimStart;
        expect(started.claim_attempt).toMatchObject({ verification_uri: `${base}/oauth2/claim`, interval: 1 });
        expect(await pollClaim(as, identity.claim_token)).toEqual({ error: 'authorization_pending' });
        expect(await pollClaim(as, identity.claim_token)).toEqual({ error: 'slow_down' });
        expect(await confirmClaim(new OAuthBrowser(), base, started.user_code, target!.apiKey ?? '')).toContain(
          'Claim confirmed',
        );
        await sleep(6200);
        const claimed = await pollClaim(as, identity.claim_token);
        expect(claimed).toMatchObject({
          token_type: 'bearer',
          scope: 'search:read mcp:invoke health:read',
          identity_assertion: expect.any(String),
        });
        expect(await pollClaim(as, identity.claim_token)).toEqual({ error: 'invalid_grant' });
      },
      30_000,
    );

    it(verifies('AUTH-REVOKE-1'), async () => {
      const identity = await registerAnonymous(base);
      const token = await exchangeAssertion(as, identity.identity_assertion, `${base}/`);
      for (let i = 0; i < 2; i += 1) {
        const response = await oauth.revocationRequest(as, AGENT_CLIENT, oauth.None(), token.access_token, {
          additionalParameters: { token_type_hint: 'access_token' },
          ...insecure,
        });
        expect(response.status).toBe(200);
        await oauth.processRevocationResponse(response);
      }
      // A new token can be obtained by exchanging the same assertion again.
      expect((await exchangeAssertion(as, identity.identity_assertion, `${base}/`)).access_token).not.toBe(
        token.access_token,
      );
    });

    it(verifies('AUTH-SET-1'), async () => {
      const identity = await registerAnonymous(base);
      await exchangeAssertion(as, identity.identity_assertion, `${base}/`);
      const event = await new SignJWT({
        jti: `e2e-${identity.registration_id}`,
        sub: identity.registration_id,
        events: { [REVOKED_EVENT]: {} },
      })
        .setProtectedHeader({ alg: 'ES256', kid: 'e2e-registrar', typ: 'secevent+jwt' })
        .setIssuer(TRANSMITTER)
        .setAudience(base)
        .setIssuedAt()
        .sign(transmitterKey);
      const delivered = await fetch(`${base}/agent/event/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/secevent+jwt', accept: 'application/json' },
        body: event,
      });
      expect(delivered.status).toBe(202);
      await expect(exchangeAssertion(as, identity.identity_assertion, `${base}/`)).rejects.toMatchObject({
        error: 'invalid_grant',
      });

      const forged = await new SignJWT({
        jti: 'e2e-forged',
        sub: identity.registration_id,
        events: { [REVOKED_EVENT]: {} },
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'secevent+jwt' })
        .setIssuer(TRANSMITTER)
        .setAudience(base)
        .setIssuedAt()
        .sign((await generateKeyPair('ES256')).privateKey);
      const refused = await fetch(`${base}/agent/event/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/secevent+jwt' },
        body: forged,
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ err: 'invalid_key' });
    });

    it(verifies('AUTH-GUIDE-1'), async () => {
      const guide = await fetch(`${base}/auth.md`);
      expect(guide.status).toBe(200);
      expect(guide.headers.get('content-type')).toMatch(/^text\/markdown/);
      const text = await guide.text();
      for (const step of [
        '/agent/identity',
        '/agent/identity/claim',
        '/oauth2/token',
        '/oauth2/revoke',
        '/oauth2/claim',
        '/agent/event/notify',
        'urn:rankgate:agent-auth:grant-type:claim',
        'curl',
      ]) {
        expect(text).toContain(step);
      }
    });

    it(verifies('AUTH-DCR-1'), async () => {
      const client = await oauth.processDynamicClientRegistrationResponse(
        await oauth.dynamicClientRegistrationRequest(
          as,
          {
            client_name: 'e2e agent',
            redirect_uris: ['http://127.0.0.1:9911/cb'],
            token_endpoint_auth_method: 'none',
            application_type: 'native',
          },
          insecure,
        ),
      );
      expect(client.client_id).toEqual(expect.any(String));
      expect(client.redirect_uris).toEqual(['http://127.0.0.1:9911/cb']);
      const refused = await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: ['http://evil.example/cb'] },
        insecure,
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    });
  },
);
