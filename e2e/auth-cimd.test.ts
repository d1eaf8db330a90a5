/**
 * Client ID metadata documents through the gateway: an https `client_id` whose document the
 * auth-server fetches with the SSRF-safe fetcher (here allowed to reach 127.0.0.1 by the test-only
 * FETCH_ALLOW_HOSTS, trusting a throwaway certificate), then the code flow with oauth4webapi.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { discover, insecure } from './harness/agent-auth.ts';
import { OAuthBrowser, formField } from './harness/oauth-browser.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import type { DocumentRoute, TlsDocumentServer } from './harness/tls-document-server.ts';
import { startTlsDocumentServer } from './harness/tls-document-server.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const REDIRECT = 'http://127.0.0.1:9912/cb';

const documentRoute =
  (shape: (self: string) => Record<string, unknown>): DocumentRoute =>
  (req, res, origin) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(shape(`${origin}${req.url ?? ''}`)));
  };

describe.skipIf(plan.mode !== 'local')(suiteTitle('client ID metadata documents (oauth4webapi)', plan), () => {
  let documents: TlsDocumentServer;
  let target: LocalTarget | undefined;
  let base: string;
  let as: oauth.AuthorizationServer;

  beforeAll(async () => {
    documents = await startTlsDocumentServer({
      '/client.json': documentRoute((self) => ({
        client_id: self,
        client_name: 'Document agent',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
      })),
      '/mismatch.json': documentRoute((self) => ({
        client_id: `${self}/`,
        client_name: 'Mismatch',
        redirect_uris: [REDIRECT],
      })),
      '/secret.json': documentRoute((self) => ({
        client_id: self,
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      '/moved.json': (_req, res, origin) => {
        res.writeHead(302, { location: `${origin}/client.json` });
        res.end();
      },
    });
    target = await startLocalTarget(plan, {
      NODE_EXTRA_CA_CERTS: documents.caPath,
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      FETCH_ALLOWED_PORTS: String(documents.port),
    });
    base = target.baseUrl;
    as = await discover(base);
  });
  afterAll(async () => {
    await target?.stop();
    await documents?.close();
  });

  const authorizeUrl = async (clientId: string, verifier: string, redirectUri = REDIRECT) => {
    const url = new URL(String(as.authorization_endpoint));
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: 'mcp:invoke',
      state: 'cimd',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    return url.href;
  };

  it(verifies('AUTH-CIMD-1'), async () => {
    expect(as.client_id_metadata_document_supported).toBe(true);
    const clientId = `${documents.origin}/client.json`;
    const client: oauth.Client = { client_id: clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const person = new OAuthBrowser();
    const started = await person.get(await authorizeUrl(clientId, verifier));
    expect(started.status).toBe(303);
    const consent = await person.get(started.location ?? '');
    expect(consent.text).toContain('Document agent');
    expect(consent.text).toContain(`127.0.0.1:${documents.port}`);
    expect(consent.text).toContain('only redirects to this machine');
    const approved = await person.post(started.location ?? '', {
      csrf: formField(consent.text, 'csrf'),
      operator_key: target!.apiKey ?? '',
      decision: 'approve',
    });
    const callback = await person.get(approved.location ?? '');
    const params = oauth.validateAuthResponse(as, client, new URL(callback.location ?? ''), 'cimd');
    const token = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure),
    );
    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims.client_id).toBe(clientId);
  });

  it(verifies('AUTH-CIMD-2'), async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const refusals = [
      await authorizeUrl(`${documents.origin}/client.json`, verifier, 'http://127.0.0.1:9912/other'),
      await authorizeUrl(`${documents.origin}/mismatch.json`, verifier),
      await authorizeUrl(`${documents.origin}/secret.json`, verifier),
      await authorizeUrl(`${documents.origin}/moved.json`, verifier),
    ];
    for (const url of refusals) {
      const answer = await new OAuthBrowser().get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.location).toBeUndefined();
      expect(answer.text).toMatch(/invalid_client|invalid_request|redirect_uri/);
    }
    // The redirecting document was fetched (and refused), not skipped.
    expect(documents.seen).toContain('/moved.json');
  });
});
