/**
 * Test support (the auth-server's unit tests and the e2e suite): a real second oidc-provider on
 * 127.0.0.1 playing the upstream OpenID Connect provider a person signs in with, an outside party
 * like the fake Brave server. Its login is the test's choice (`signInAs`): the interaction
 * completes login and consent at once, as a person clicking through would. The provider is built
 * on the first request, so the client's redirect URI may be known only after the auth-server started.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration } from 'oidc-provider';
import Provider from 'oidc-provider';

export interface UpstreamAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface UpstreamIdpOptions {
  /** The auth-server's callback, read when the first request arrives. */
  redirectUri: () => string;
  /** Put `email` in the ID token (many providers do); otherwise it is only at the UserInfo endpoint. */
  emailInIdToken?: boolean;
}

export interface UpstreamIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in. */
  signInAs(account: UpstreamAccount): void;
  close(): Promise<void>;
}

type Stored = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/**
 * The provider's state in maps, one set per provider: its own quick-start adapter does the same
 * but prints a warning on every start, noise in every suite that signs in upstream.
 */
function mapAdapter(): NonNullable<Configuration['adapter']> {
  const stores = new Map<string, Map<string, Stored>>();
  return class MapAdapter {
    private readonly items: Map<string, Stored>;
    constructor(model: string) {
      this.items = stores.get(model) ?? new Map<string, Stored>();
      stores.set(model, this.items);
    }
    async upsert(id: string, payload: Stored) {
      this.items.set(id, payload);
    }
    async find(id: string) {
      return this.items.get(id);
    }
    async findByUserCode(userCode: string) {
      return [...this.items.values()].find((item) => item.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...this.items.values()].find((item) => item.uid === uid);
    }
    async consume(id: string) {
      const item = this.items.get(id);
      if (item) item.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      this.items.delete(id);
    }
    async revokeByGrantId(grantId: string) {
      for (const [id, item] of this.items) if (item.grantId === grantId) this.items.delete(id);
    }
  } as unknown as NonNullable<Configuration['adapter']>;
}

export async function startUpstreamIdp({
  redirectUri,
  emailInIdToken = false,
}: UpstreamIdpOptions): Promise<UpstreamIdp> {
  const clientId = 'rankgate-upstream-client';
  const clientSecret = 'upstream-client-secret-0123456789';
  const accounts = new Map<string, UpstreamAccount>();
  let next: UpstreamAccount = { sub: 'nobody' };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'upstream-1', use: 'sig', alg: 'RS256' };

  let provider: Provider | undefined;
  const build = (issuer: string): Provider =>
    new Provider(issuer, {
      adapter: mapAdapter(),
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri()],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [jwk] as NonNullable<Configuration['jwks']>['keys'] },
      cookies: { keys: ['upstream-idp-cookie-key-for-tests'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      conformIdTokenClaims: !emailInIdToken,
      findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...accounts.get(id) }) }),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
    });

  const server = createServer((req, res) => {
    provider ??= build(issuer);
    const current = provider;
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return current.callback()(req, res);
    void (async () => {
      const details = await current.interactionDetails(req, res);
      accounts.set(next.sub, next);
      const grant = new current.Grant({ accountId: next.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email');
      const grantId = await grant.save();
      await current.interactionFinished(
        req,
        res,
        { login: { accountId: next.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch(() => {
      res.statusCode = 500;
      res.end('interaction failed');
    });
    return undefined;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A browser at the upstream provider: follows its redirects with its own cookies until one leaves
 * the provider's origin (the way back to the auth-server), and returns that URL.
 */
export async function throughUpstream(startUrl: string, issuer: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(startUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin !== new URL(issuer).origin) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      signal: AbortSignal.timeout(10_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `the upstream provider answered ${response.status} without a redirect at ${url.href}: ${await response.text()}`,
      );
    await response.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the upstream provider');
}
