/**
 * MCP with OAuth access tokens from the real authorization server, through the gateway (split
 * topology): an agent registers, exchanges its assertion (jwt-bearer), uses the helper tools,
 * is told how to claim, gets claimed by a person and then searches under every protocol revision;
 * an MCP client following the MCP authorization spec asks for `resource={base}/mcp` (RFC 8707),
 * both with oauth4webapi and with the SDK's own OAuth client. Searches go to a fake Brave server.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { SearchResponseSchema } from '@rankgate/contracts';
import * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { confirmClaim, discover, exchangeAssertion, insecure, pollClaim } from './harness/agent-auth.ts';
import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import { httpClient } from './harness/http.ts';
import type { ConnectedClient } from './harness/mcp-client.ts';
import { connectMcp, MCP_REVISIONS } from './harness/mcp-client.ts';
import { OAuthBrowser, formField } from './harness/oauth-browser.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const HELPERS = ['search_sandbox', 'service_info', 'explain_signals'];
const SEEDED_CLIENT = 'rankgate-test-client';
const REDIRECT = 'http://127.0.0.1/callback';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

interface AnonymousIdentity {
  registration_id: string;
  identity_assertion: string;
  claim_token: string;
  pre_claim_scopes: string[];
}
interface ClaimStart {
  user_code: string;
  claim_attempt: { verification_uri: string; interval: number };
}

/**
 * The person at the consent page: opens the authorization URL, approves with the operator key, and returns the
 * redirect back to the client.
 */
async function approveAsOperator(authorizationUrl: string, operatorKey: string): Promise<URL> {
  const person = new OAuthBrowser();
  const consentUrl = (await person.get(authorizationUrl)).location ?? '';
  const consent = await person.get(consentUrl);
  expect(consent.status, consent.text).toBe(200);
  const approved = await person.post(consentUrl, {
    csrf: formField(consent.text, 'csrf'),
    operator_key: operatorKey,
    decision: 'approve',
  });
  expect(approved.status, approved.text).toBe(303);
  return new URL((await person.get(approved.location ?? '')).location ?? '');
}

/** An MCP client's OAuth state, as the SDK asks a host application to keep it; the "redirect" is handed to the test. */
class RecordingOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = 'http://127.0.0.1:9931/callback';
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Rankgate e2e MCP host',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe.skipIf(plan.mode !== 'local')(suiteTitle('MCP with tokens from the authorization server', plan), () => {
  let brave: FakeBrave;
  let target: LocalTarget | undefined;
  let base: string;
  let as: oauth.AuthorizationServer;
  const clients: ConnectedClient[] = [];
  const connectWith = async (token: string, revision?: string) => {
    const connected = await connectMcp(base, { authorization: `Bearer ${token}` }, revision);
    clients.push(connected);
    return connected.client;
  };
  const post = async <T>(path: string, body: unknown): Promise<T> =>
    (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
    ).json()) as T;
  const searchDirectly = (token: string) =>
    httpClient(base).get('/v1/search?q=ocean+tides&k=2', { headers: { authorization: `Bearer ${token}` } });

  /**
   * search_web under the client's current connection, with its structuredContent checked against the outputSchema the
   * server listed.
   */
  async function searchAndValidate(client: Client, label: string) {
    const { tools } = await client.listTools();
    const outputSchema = tools.find((tool) => tool.name === 'search_web')?.outputSchema;
    expect(outputSchema, label).toBeDefined();
    const result = (await client.callTool({
      name: 'search_web',
      arguments: { q: 'ocean tides', k: 2 },
    })) as CallToolResult;
    expect(result.isError, `${label}: ${textOf(result)}`).toBeFalsy();
    const validation = new AjvJsonSchemaValidator().getValidator(outputSchema as never)(result.structuredContent);
    expect(validation.errorMessage, label).toBeUndefined();
    expect(validation.valid, label).toBe(true);
    expect(SearchResponseSchema.parse(result.structuredContent).results[0]?.domain, label).toBe(
      'oceanservice.noaa.gov',
    );
  }

  beforeAll(async () => {
    brave = await startFakeBrave();
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
      CLAIM_POLL_INTERVAL_S: '1',
    });
    base = target.baseUrl;
    as = await discover(base);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await target?.stop();
    await brave?.close();
  });

  it(
    verifies('MCP-OAUTH-1'),
    async () => {
      // An anonymous identity: health:read and mcp:invoke.
      const identity = await post<AnonymousIdentity>('/agent/identity', { type: 'anonymous' });
      const anonymousToken = (await exchangeAssertion(as, identity.identity_assertion, `${base}/`)).access_token;
      expect(claimsOf(anonymousToken)).toMatchObject({
        aud: `${base}/`,
        scope: 'health:read mcp:invoke',
        sub: identity.registration_id,
      });
      const anonymous = await connectWith(anonymousToken);
      expect((await anonymous.listTools()).tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['search_web', ...HELPERS]),
      );
      for (const name of HELPERS) {
        const helper = (await anonymous.callTool({ name, arguments: {} })) as CallToolResult;
        expect(helper.isError, `${name}: ${textOf(helper)}`).toBeFalsy();
      }
      const refused = (await anonymous.callTool({
        name: 'search_web',
        arguments: { q: 'ocean tides' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      const guidance = textOf(refused);
      expect(guidance).toContain('FORBIDDEN (HTTP 403)');
      expect(guidance).toContain(`POST ${base}/agent/identity/claim`);
      expect(guidance).toContain(`${base}/auth.md`);

      // The claim ceremony, as the guidance describes it: pending until the person confirms.
      const started = await post<ClaimStart>('/agent/identity/claim', {
        claim_token: identity.claim_token,
        email: 'owner@example.org',
      });
      expect(started.claim_attempt).toMatchObject({ verification_uri: `${base}/oauth2/claim`, interval: 1 });
      expect(await pollClaim(as, identity.claim_token)).toEqual({ error: 'authorization_pending' });
      expect(await confirmClaim(new OAuthBrowser(), base, started.user_code, target!.apiKey ?? '')).toContain(
        'Claim confirmed',
      );
      await sleep(1200);
      const claimed = await pollClaim(as, identity.claim_token);
      if ('error' in claimed) throw new Error(`the claim did not complete: ${claimed.error}`);
      expect(claimed.scope).toBe('search:read mcp:invoke health:read');

      // The claimed token searches under every revision; the pre-claim token is dead.
      for (const revision of MCP_REVISIONS)
        await searchAndValidate(await connectWith(claimed.access_token, revision), revision);
      await expect(connectWith(anonymousToken)).rejects.toThrow();

      // A token of the claimed identity without mcp:invoke does not reach the MCP server at all.
      const narrowed = await oauth.genericTokenEndpointRequest(
        as,
        { client_id: 'rankgate-agent' },
        oauth.None(),
        'urn:ietf:params:oauth:grant-type:jwt-bearer',
        { assertion: String(claimed.identity_assertion), resource: `${base}/`, scope: 'search:read' },
        insecure,
      );
      const narrowToken = (
        await oauth.processGenericTokenEndpointResponse(as, { client_id: 'rankgate-agent' }, narrowed)
      ).access_token;
      const forbidden = await httpClient(base).post(
        '/mcp',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        {
          headers: {
            authorization: `Bearer ${narrowToken}`,
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
          },
        },
      );
      expectProblem(forbidden, 403, 'FORBIDDEN');
      expect(forbidden.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="mcp:invoke"');
      expect((await searchDirectly(narrowToken)).status).toBe(200);
    },
    60_000,
  );

  it(
    verifies('MCP-OAUTH-2'),
    async () => {
      // Discovery as an MCP client does it: the 401's resource_metadata → the PRM → its authorization server.
      const challenge = await httpClient(base).post('/mcp', '{}', {
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      });
      const metadataUrl =
        /resource_metadata="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')?.[1] ?? '';
      expect(metadataUrl).toBe(`${base}/.well-known/oauth-protected-resource/mcp`);
      const prm = await oauth.processResourceDiscoveryResponse(
        new URL(`${base}/mcp`),
        await oauth.resourceDiscoveryRequest(new URL(`${base}/mcp`), insecure),
      );
      expect(prm.resource).toBe(`${base}/mcp`);
      expect(prm.authorization_servers).toEqual([as.issuer]);

      // Code + PKCE with the seeded public client, resource = the MCP endpoint in both requests.
      const client: oauth.Client = { client_id: SEEDED_CLIENT };
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const authorize = new URL(String(as.authorization_endpoint));
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: SEEDED_CLIENT,
        redirect_uri: REDIRECT,
        scope: 'search:read mcp:invoke',
        resource: prm.resource,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      }).toString();
      const params = oauth.validateAuthResponse(
        as,
        client,
        await approveAsOperator(authorize.href, target!.apiKey ?? ''),
        state,
      );
      const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, {
        additionalParameters: { resource: prm.resource },
        ...insecure,
      });
      const token = await oauth.processAuthorizationCodeResponse(as, client, response);
      const claims = await oauth.validateJwtAccessToken(
        as,
        new Request(`${base}/mcp`, { headers: { authorization: `Bearer ${token.access_token}` } }),
        prm.resource,
        insecure,
      );
      expect(claims).toMatchObject({ aud: `${base}/mcp`, scope: 'search:read mcp:invoke', client_id: SEEDED_CLIENT });

      // The MCP-audience token works on /mcp, search_web included (the MCP service's own call).
      await searchAndValidate(await connectWith(token.access_token), 'aud=/mcp');
      // Used directly on the REST API it is a token for another resource.
      const direct = await searchDirectly(token.access_token);
      expectProblem(direct, 401, 'UNAUTHORIZED');
      expect(direct.headers.get('www-authenticate')).toContain('error="invalid_token"');

      // A resource that is not ours is refused at the authorization endpoint (invalid_target).
      const foreign = new URL(authorize);
      foreign.searchParams.set('resource', 'https://elsewhere.example/mcp');
      const refused = await new OAuthBrowser().get(foreign.href);
      expect(new URL(refused.location ?? '').searchParams.get('error')).toBe('invalid_target');
    },
    60_000,
  );

  it(
    verifies('MCP-OAUTH-3'),
    async () => {
      const provider = new RecordingOAuthProvider();
      const url = new URL(`${base}/mcp`);
      const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
      await expect(new Client({ name: 'rankgate-e2e-oauth', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      // The SDK discovered our metadata, registered itself dynamically and sent the person to authorize.
      expect(provider.client?.client_id).toEqual(expect.any(String));
      const authorization = provider.authorizationUrl;
      expect(authorization?.origin + (authorization?.pathname ?? '')).toBe(`${base}/oauth2/authorize`);
      expect(authorization?.searchParams.get('resource')).toBe(`${base}/mcp`);
      expect(authorization?.searchParams.get('code_challenge_method')).toBe('S256');

      const callback = await approveAsOperator(String(authorization), target!.apiKey ?? '');
      expect(callback.origin + callback.pathname).toBe(provider.redirectUrl);
      await first.finishAuth(callback.searchParams.get('code') ?? '');
      expect(claimsOf(provider.saved?.access_token ?? '')).toMatchObject({ aud: `${base}/mcp` });

      const client = new Client({ name: 'rankgate-e2e-oauth', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
      try {
        await searchAndValidate(client, 'SDK OAuth');
      } finally {
        await client.close();
      }
    },
    60_000,
  );
});
