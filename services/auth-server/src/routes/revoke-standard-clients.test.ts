import type { InjectOptions } from 'fastify';
import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../testing/test-app.ts';
import { BASE_URL, claimsOf, startTestApp } from '../testing/test-app.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const LIBRARY_CLIENT_ID = 'my-agent-app';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

/** The libraries' HTTP requests, served by the app in process (their wire format, no network). */
async function appFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const payload = init.body === undefined || init.body === null ? undefined : String(init.body);
  const response = await test.call({
    method: (init.method ?? 'GET') as InjectOptions['method'],
    url: `${url.pathname}${url.search}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return new Response(response.statusCode === 200 && response.body === '' ? null : response.body, {
    status: response.statusCode,
    headers: Object.entries(response.headers).map(([name, value]) => [name, String(value)] as [string, string]),
  });
}

async function agentToken(): Promise<string> {
  const identity = (await test.json('/agent/identity', { type: 'anonymous' })).json();
  return (await test.form('/oauth2/token', { grant_type: JWT_BEARER, assertion: identity.identity_assertion })).json()
    .access_token as string;
}

const active = async (token: string): Promise<boolean> => {
  const { jti, sub } = claimsOf(token);
  return (await test.json('/internal/token-status', { jti, sub })).json().active as boolean;
};

async function discovered(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(BASE_URL);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', [oauth.customFetch]: appFetch });
  return oauth.processDiscoveryResponse(issuer, response);
}

describe('revocation with standard OAuth clients (each sends its own client_id)', () => {
  it("oauth4webapi: revocationRequest revokes the token; the gateway's check then refuses it", async () => {
    const token = await agentToken();
    const as = await discovered();
    const response = await oauth.revocationRequest(as, { client_id: LIBRARY_CLIENT_ID }, oauth.None(), token, {
      [oauth.customFetch]: appFetch,
    });
    await oauth.processRevocationResponse(response);
    expect(response.status).toBe(200);
    expect(await active(token)).toBe(false);
  });

  it('openid-client: tokenRevocation revokes the token', async () => {
    const token = await agentToken();
    const config = new openid.Configuration(await discovered(), LIBRARY_CLIENT_ID, undefined, openid.None());
    config[openid.customFetch] = appFetch;
    await openid.tokenRevocation(config, token, { token_type_hint: 'access_token' });
    expect(await active(token)).toBe(false);
  });
});
