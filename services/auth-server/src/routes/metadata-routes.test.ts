import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { BASE_URL, startTestApp, TEST_CLIENT } from '../testing/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('well-known documents', () => {
  it('publishes RFC 8414 metadata whose issuer is the base URL, with every agent_auth member', async () => {
    const response = await test.call({ url: '/.well-known/oauth-authorization-server' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const metadata = response.json();
    expect(metadata).toMatchObject({
      issuer: BASE_URL,
      authorization_endpoint: `${BASE_URL}/oauth2/authorize`,
      token_endpoint: `${BASE_URL}/oauth2/token`,
      revocation_endpoint: `${BASE_URL}/oauth2/revoke`,
      registration_endpoint: `${BASE_URL}/oauth2/register`,
      jwks_uri: `${BASE_URL}/oauth2/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: false,
      scopes_supported: ['search:read', 'mcp:invoke', 'health:read'],
      agent_auth: {
        skill: `${BASE_URL}/auth.md`,
        identity_endpoint: `${BASE_URL}/agent/identity`,
        claim_endpoint: `${BASE_URL}/agent/identity/claim`,
        events_endpoint: `${BASE_URL}/agent/event/notify`,
        identity_types_supported: ['anonymous', 'identity_assertion', 'service_auth'],
        identity_assertion: { assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag'] },
      },
    });
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining([
        'authorization_code',
        'urn:ietf:params:oauth:grant-type:jwt-bearer',
        'urn:rankgate:agent-auth:grant-type:claim',
      ]),
    );
  });

  it('publishes RFC 9728 metadata for the origin and for /mcp, each naming the resource it was built from', async () => {
    const root = (await test.call({ url: '/.well-known/oauth-protected-resource' })).json();
    expect(root).toEqual(
      expect.objectContaining({
        resource: `${BASE_URL}/`,
        resource_name: 'Rankgate search',
        authorization_servers: [BASE_URL],
        scopes_supported: ['search:read', 'mcp:invoke', 'health:read'],
        bearer_methods_supported: ['header'],
      }),
    );
    const mcp = (await test.call({ url: '/.well-known/oauth-protected-resource/mcp' })).json();
    expect(mcp.resource).toBe(`${BASE_URL}/mcp`);
    expect(mcp.authorization_servers).toEqual([BASE_URL]);
  });

  it("serves the seeded client document with the spec's redirect URIs, and the public signing keys", async () => {
    const client = (await test.call({ url: `/.well-known/oauth-client/${TEST_CLIENT}.json` })).json();
    expect(client).toMatchObject({
      client_id: TEST_CLIENT,
      token_endpoint_auth_method: 'none',
      redirect_uris: ['http://127.0.0.1/callback', 'http://127.0.0.1:8787/oauth/callback', 'urn:ietf:wg:oauth:2.0:oob'],
    });
    expect((await test.call({ url: '/.well-known/oauth-client/other.json' })).statusCode).toBe(404);
    const jwks = (await test.call({ url: '/oauth2/jwks' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('names the agent identity types that are enabled only', async () => {
    const closed = await startTestApp({ env: { ANONYMOUS_IDENTITIES: 'disabled' } });
    const metadata = (await closed.call({ url: '/.well-known/oauth-authorization-server' })).json();
    expect(metadata.agent_auth.identity_types_supported).toEqual(['identity_assertion', 'service_auth']);
    await closed.close();
  });

  it("answers unknown /oauth2 paths with a 404 problem, not the provider's page", async () => {
    const response = await test.call({ url: '/oauth2/userinfo' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
