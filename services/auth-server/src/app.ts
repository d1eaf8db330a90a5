import { hkdfSync } from 'node:crypto';

import { createServiceApp } from '@rankgate/platform/http';
import type { Logger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyInstance } from 'fastify';
import type { Configuration } from 'oidc-provider';

import { AgentIdentities } from './agent/agent-identities.ts';
import { IdJagVerifier } from './agent/id-jag.ts';
import { SecurityEventReceiver } from './agent/security-events.ts';
import type { AuthServerConfig } from './config.ts';
import { ClaimAttempts } from './domain/claim-attempts.ts';
import { Registrations } from './domain/registrations.ts';
import { Revocations } from './domain/revocations.ts';
import { TrustedIssuers } from './domain/trusted-issuers.ts';
import { createProvider } from './oauth/create-provider.ts';
import { endpointsFor, PATHS } from './oauth/endpoints.ts';
import { registerClaimGrant } from './oauth/grants/claim-grant.ts';
import { registerJwtBearerGrant } from './oauth/grants/jwt-bearer-grant.ts';
import { IdentityAssertions } from './oauth/identity-assertions.ts';
import { ALL_IDENTITY_TYPES } from './oauth/metadata.ts';
import { mountProvider } from './oauth/mount-provider.ts';
import type { SigningKeys } from './oauth/signing-keys.ts';
import { ACCESS_TOKEN_TTL_S } from './oauth/vocabulary.ts';
import { BrowserSessions } from './pages/browser-session.ts';
import { messagePage } from './pages/consent-page.ts';
import { FailureLimiter } from './pages/failure-limiter.ts';
import { OperatorGate } from './pages/operator-gate.ts';
import { PAGE_SECURITY_HEADERS } from './pages/security-headers.ts';
import { registerAgentRoutes } from './routes/agent-routes.ts';
import { registerClaimPage } from './routes/claim-page.ts';
import { allowCrossOrigin } from './routes/cross-origin.ts';
import { acceptFormBodies } from './routes/form-body.ts';
import { registerInteractionPage } from './routes/interaction-page.ts';
import { registerMetadataRoutes } from './routes/metadata-routes.ts';
import { registerRevokeRoute } from './routes/revoke-route.ts';
import { registerSignInRoutes } from './routes/sign-in-routes.ts';
import { registerTokenStatusRoute } from './routes/token-status-route.ts';
import { PendingSignIns } from './sign-in/pending-sign-ins.ts';
import { UpstreamOidc } from './sign-in/upstream-oidc.ts';

export type AuthServerAppConfig = Pick<
  AuthServerConfig,
  | 'BASE_URL'
  | 'INTERNAL_TOKEN'
  | 'OPERATOR_API_KEY'
  | 'OAUTH_TEST_CLIENT_ID'
  | 'IDENTITY_ASSERTION_TTL_S'
  | 'ANONYMOUS_IDENTITIES'
  | 'CLAIM_TOKEN_TTL_S'
  | 'CLAIM_ATTEMPT_TTL_S'
  | 'CLAIM_POLL_INTERVAL_S'
  | 'IDJAG_TRUSTED_ISSUERS'
  | 'IDJAG_MAX_AUTH_AGE_S'
  | 'SET_TRUSTED_ISSUERS'
  | 'METRICS_TOKEN'
  | 'UPSTREAM_OIDC_ISSUER'
  | 'UPSTREAM_OIDC_CLIENT_ID'
  | 'UPSTREAM_OIDC_CLIENT_SECRET'
  | 'UPSTREAM_OIDC_ALLOWED_SUBJECTS'
  | 'UPSTREAM_OIDC_ALLOWED_EMAILS'
  | 'UPSTREAM_OIDC_NAME'
  | 'FETCH_TOTAL_TIMEOUT_MS'
>;

export interface AuthServerAppDependencies {
  config: AuthServerAppConfig;
  logger: Logger;
  store: KeyValueStore;
  signing: SigningKeys;
  readiness?: Record<string, () => Promise<void>>;
  /**
   * Fetch for client ID metadata documents (must refuse private addresses and redirects); undefined: the feature is
   * off.
   */
  clientIdMetadataFetch?: Configuration['fetch'];
}

/** The upstream OpenID Connect sign-in, when one is configured (the config guarantees the client id). */
function upstreamSignIn(
  config: AuthServerAppConfig,
  endpoints: ReturnType<typeof endpointsFor>,
): { client: UpstreamOidc; provider: string } | undefined {
  const issuer = config.UPSTREAM_OIDC_ISSUER;
  if (issuer === undefined || config.UPSTREAM_OIDC_CLIENT_ID === undefined) return undefined;
  const client = new UpstreamOidc({
    issuer,
    clientId: config.UPSTREAM_OIDC_CLIENT_ID,
    clientSecret: config.UPSTREAM_OIDC_CLIENT_SECRET,
    allowedSubjects: config.UPSTREAM_OIDC_ALLOWED_SUBJECTS,
    allowedEmails: config.UPSTREAM_OIDC_ALLOWED_EMAILS,
    redirectUri: endpoints.url('signInCallback'),
    // The config accepts plain http only for a host in the test allow-list.
    allowInsecure: new URL(issuer).protocol === 'http:',
    timeoutMs: config.FETCH_TOTAL_TIMEOUT_MS,
  });
  return { client, provider: config.UPSTREAM_OIDC_NAME ?? new URL(issuer).host };
}

/** Secrets for cookies and CSRF, derived from the internal token so every replica agrees without new settings. */
const derivedSecret = (token: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', token, 'rankgate auth-server', purpose, 32));

/**
 * Builds the auth-server's Fastify app (never listens): oidc-provider under /oauth2, the
 * well-known documents, the agent-registration endpoints, the operator's pages and the
 * gateway's token-status check.
 */
export async function buildAuthServerApp({
  config,
  logger,
  store,
  signing,
  readiness,
  clientIdMetadataFetch,
}: AuthServerAppDependencies): Promise<FastifyInstance> {
  const app = createServiceApp({
    service: 'auth-server',
    baseUrl: config.BASE_URL,
    logger,
    internalToken: config.INTERNAL_TOKEN,
    metricsToken: config.METRICS_TOKEN,
    ...(readiness ? { readiness } : {}),
  });
  const endpoints = endpointsFor(config.BASE_URL);
  const identityTtlMs = config.IDENTITY_ASSERTION_TTL_S * 1000;
  const revocations = new Revocations(store, identityTtlMs + ACCESS_TOKEN_TTL_S * 1000);
  const registrations = new Registrations(store, identityTtlMs);
  const attempts = new ClaimAttempts(store, {
    ttlMs: config.CLAIM_ATTEMPT_TTL_S * 1000,
    intervalS: config.CLAIM_POLL_INTERVAL_S,
  });
  const assertions = new IdentityAssertions(endpoints, signing);
  const sessions = new BrowserSessions(derivedSecret(config.INTERNAL_TOKEN, 'pages'), endpoints.issuer);
  const limiter = new FailureLimiter(store);
  const upstream = upstreamSignIn(config, endpoints);
  const gate = new OperatorGate(
    config.OPERATOR_API_KEY,
    sessions,
    limiter,
    upstream && {
      provider: upstream.provider,
      startUrl: (returnTo) => `${endpoints.url('signIn')}?${new URLSearchParams({ return_to: returnTo })}`,
    },
  );

  const provider = createProvider({
    endpoints,
    signing,
    store,
    revocations,
    testClientId: config.OAUTH_TEST_CLIENT_ID,
    cookieKeys: [derivedSecret(config.INTERNAL_TOKEN, 'provider cookies').toString('base64url')],
    renderError: (ctx, out) => {
      ctx.set(PAGE_SECURITY_HEADERS as Record<string, string>);
      ctx.type = 'html';
      ctx.body = messagePage('Authorization failed', out.error_description ?? 'The request is not valid.', out.error);
    },
    ...(clientIdMetadataFetch ? { clientIdMetadataFetch } : {}),
  });
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'authorization server error'));
  const grantDependencies = { endpoints, registrations, revocations, assertions };
  registerJwtBearerGrant(provider, grantDependencies);
  registerClaimGrant(provider, { ...grantDependencies, attempts });

  registerMetadataRoutes(app, {
    endpoints,
    testClientId: config.OAUTH_TEST_CLIENT_ID,
    clientIdMetadataDocuments: clientIdMetadataFetch !== undefined,
    identityTypes: ALL_IDENTITY_TYPES.filter(
      (type) => type !== 'anonymous' || config.ANONYMOUS_IDENTITIES === 'enabled',
    ),
  });
  await mountProvider(app, provider, endpoints);
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    allowCrossOrigin(scope, [PATHS.revoke]);
    registerRevokeRoute(scope, { endpoints, signing, revocations });
    registerInteractionPage(scope, { provider, endpoints, sessions, gate });
    registerClaimPage(scope, { endpoints, sessions, gate, limiter, attempts, registrations });
    if (upstream)
      registerSignInRoutes(scope, {
        endpoints,
        sessions,
        upstream: upstream.client,
        pending: new PendingSignIns(store),
        provider: upstream.provider,
      });
  });
  const idJag = new IdJagVerifier(
    new TrustedIssuers(config.IDJAG_TRUSTED_ISSUERS),
    endpoints,
    store,
    config.IDJAG_MAX_AUTH_AGE_S,
  );
  const identities = new AgentIdentities({
    endpoints,
    registrations,
    attempts,
    revocations,
    assertions,
    idJag,
    operatorKey: config.OPERATOR_API_KEY,
    anonymousEnabled: config.ANONYMOUS_IDENTITIES === 'enabled',
    claimTokenTtlMs: config.CLAIM_TOKEN_TTL_S * 1000,
    claimIntervalS: config.CLAIM_POLL_INTERVAL_S,
  });
  const events = new SecurityEventReceiver(
    new TrustedIssuers(config.SET_TRUSTED_ISSUERS),
    endpoints,
    store,
    registrations,
    revocations,
  );
  await registerAgentRoutes(app, { identities, events });
  registerTokenStatusRoute(app, revocations);
  return app;
}
