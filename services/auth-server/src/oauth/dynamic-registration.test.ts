import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { pkce, startTestApp } from '../testing/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

const register = (metadata: Record<string, unknown>) => test.json('/oauth2/register', metadata);

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client (201, metadata echoed, no secret) that can start the code flow', async () => {
    const response = await register({
      client_name: 'My agent',
      redirect_uris: ['http://127.0.0.1:9000/cb'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toContain('no-store');
    const client = response.json();
    expect(client).toMatchObject({
      client_name: 'My agent',
      redirect_uris: ['http://127.0.0.1:9000/cb'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
    });
    expect(client.client_id).toEqual(expect.any(String));
    expect(client.client_id).not.toMatch(/^https:\/\//);
    expect(client).not.toHaveProperty('client_secret');
    expect(client).not.toHaveProperty('registration_access_token');

    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: 'http://127.0.0.1:9000/cb',
      scope: 'mcp:invoke',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const started = await test.call({ url: `/oauth2/authorize?${query}` });
    expect(started.statusCode).toBe(303);
    expect(String(started.headers.location)).toContain('/oauth2/interaction/');
  });

  it("accepts the scope an MCP client registers with (the resource's scopes_supported), and refuses unknown scopes", async () => {
    const mcpClient = await register({
      client_name: 'MCP host',
      redirect_uris: ['http://127.0.0.1:9001/callback'],
      token_endpoint_auth_method: 'none',
      scope: 'search:read mcp:invoke health:read',
    });
    expect(mcpClient.statusCode, mcpClient.body).toBe(201);
    expect(mcpClient.json()).toMatchObject({
      client_name: 'MCP host',
      redirect_uris: ['http://127.0.0.1:9001/callback'],
    });
    const unknown = await register({ redirect_uris: ['https://app.example/cb'], scope: 'search:read admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect(unknown.json().error_description).toContain('admin');
  });

  it('refuses confidential client methods (public clients only, as documented); none is the default', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post', 'private_key_jwt']) {
      const response = await register({
        redirect_uris: ['https://app.example/cb'],
        token_endpoint_auth_method: method,
      });
      expect(response.statusCode, method).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'invalid_client_metadata',
        error_description: expect.stringContaining('"none"'),
      });
    }
    const defaulted = await register({ redirect_uris: ['https://app.example/cb'] });
    expect(defaulted.statusCode, defaulted.body).toBe(201);
    expect(defaulted.json().token_endpoint_auth_method).toBe('none');
    expect(defaulted.json().client_secret).toBeUndefined();
  });

  it('accepts a loopback redirect URI, and then any port on it (RFC 8252 §7.3)', async () => {
    const client = (
      await register({
        redirect_uris: ['http://127.0.0.1:9000/cb'],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
      })
    ).json();
    const { challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: 'http://127.0.0.1:51234/cb',
      scope: 'mcp:invoke',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const started = await test.call({ method: 'GET', url: `/oauth2/authorize?${query}` });
    expect(started.statusCode, started.body).toBe(303);
    expect(String(started.headers.location)).toContain('/oauth2/interaction/');
  });

  it('answers invalid_redirect_uri for missing, fragment, malformed or plain-http non-loopback redirect URIs', async () => {
    for (const metadata of [
      {},
      { redirect_uris: [] },
      { redirect_uris: ['https://app.example/cb#frag'] },
      { redirect_uris: ['not a url'] },
      { redirect_uris: ['http://app.example/cb'] },
    ]) {
      const response = await register({ token_endpoint_auth_method: 'none', ...metadata });
      expect(response.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(response.json().error).toBe('invalid_redirect_uri');
    }
  });

  it('answers invalid_client_metadata for other grant types, unsupported auth methods, or jwks with jwks_uri', async () => {
    const cases = [
      { grant_types: ['client_credentials'] },
      { grant_types: ['authorization_code', 'urn:ietf:params:oauth:grant-type:jwt-bearer'] },
      { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'https://app.example/jwks' },
      { token_endpoint_auth_method: 'client_secret_basic', jwks: { keys: [] }, jwks_uri: 'https://app.example/jwks' },
      { response_types: ['token'] },
    ];
    for (const metadata of cases) {
      const response = await register({ redirect_uris: ['https://app.example/cb'], ...metadata });
      expect(response.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(response.json().error, response.body).toBe('invalid_client_metadata');
    }
  });
});
