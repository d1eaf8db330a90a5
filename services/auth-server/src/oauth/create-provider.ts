import type { KeyValueStore } from '@rankgate/platform/stores';
import type { Configuration, ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import Provider, { errors } from 'oidc-provider';

import type { Revocations } from '../domain/revocations.ts';
import type { Endpoints } from './endpoints.ts';
import { PATHS } from './endpoints.ts';
import { audienceFor, resourceServerInfo } from './resource-server.ts';
import type { SigningKeys } from './signing-keys.ts';
import { storeAdapterFactory } from './store-adapter.ts';
import {
  ACCESS_TOKEN_TTL_S,
  AGENT_CLIENT_ID,
  AUTHORIZATION_CODE_GRANT,
  CLAIM_GRANT,
  JWT_BEARER_GRANT,
  SEEDED_CLIENT_REDIRECT_URIS,
} from './vocabulary.ts';

export interface ProviderOptions {
  endpoints: Endpoints;
  signing: SigningKeys;
  store: KeyValueStore;
  revocations: Revocations;
  testClientId: string;
  /** Keys that sign the provider's cookies (the first signs; all verify). */
  cookieKeys: string[];
  /** Renders an error page for a browser (the authorize endpoint with a bad client or redirect URI). */
  renderError(ctx: KoaContextWithOIDC, out: ErrorOut): void;
  /** Client ID metadata documents: the fetch used for them, or undefined to leave the feature off. */
  clientIdMetadataFetch?: Configuration['fetch'];
}

/**
 * node-oidc-provider configured as this service's authorization server: issuer = the base URL,
 * endpoints under /oauth2, code + PKCE (S256 only) for public clients with exact redirect URIs,
 * JWT access tokens (ES256, audience the requested resource: `{base_url}/` by default or
 * `{base_url}/mcp`, one hour), no refresh tokens, open dynamic
 * registration, and the two agent grants registered by the caller.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { endpoints, revocations } = options;
  const configuration: Configuration = {
    adapter: storeAdapterFactory({
      store: options.store,
      onGrantRevoked: (grantId) => revocations.revokeGrant(grantId),
    }),
    clients: [
      {
        client_id: options.testClientId,
        client_name: 'Rankgate test client',
        token_endpoint_auth_method: 'none',
        application_type: 'native',
        redirect_uris: [...SEEDED_CLIENT_REDIRECT_URIS],
        grant_types: [AUTHORIZATION_CODE_GRANT],
        response_types: ['code'],
      },
      {
        client_id: AGENT_CLIENT_ID,
        client_name: 'Agent identities',
        token_endpoint_auth_method: 'none',
        redirect_uris: [],
        grant_types: [JWT_BEARER_GRANT, CLAIM_GRANT],
        response_types: [],
      },
    ],
    clientDefaults: {
      grant_types: [AUTHORIZATION_CODE_GRANT],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    cookies: { keys: options.cookieKeys },
    jwks: { keys: options.signing.privateJwks as NonNullable<Configuration['jwks']>['keys'] },
    // Our scopes belong to the resource server (resourceServerInfo), not to OpenID Connect.
    scopes: ['openid'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    issueRefreshToken: () => false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    interactions: { url: (_ctx, interaction) => `${endpoints.url('interaction')}/${interaction.uid}` },
    routes: {
      authorization: PATHS.authorize,
      token: PATHS.token,
      jwks: PATHS.jwks,
      registration: PATHS.register,
      // Not offered (features below are off); kept inside /oauth2 so nothing lands outside it.
      userinfo: '/oauth2/userinfo',
      end_session: '/oauth2/logout',
      revocation: '/oauth2/provider-revocation',
      introspection: '/oauth2/provider-introspection',
      pushed_authorization_request: '/oauth2/par',
      code_verification: '/oauth2/device',
      device_authorization: '/oauth2/device/auth',
      backchannel_authentication: '/oauth2/backchannel',
      challenge: '/oauth2/challenge',
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      Grant: ACCESS_TOKEN_TTL_S,
      IdToken: ACCESS_TOKEN_TTL_S,
      Interaction: 600,
      Session: 600,
    },
    formats: {
      customizers: {
        // Remember which tokens an authorization-code grant produced, so reusing the code revokes them.
        jwt: async (_ctx, token, { payload }) => {
          const grantId = 'grantId' in token ? token.grantId : undefined;
          if (grantId && typeof payload.jti === 'string' && typeof payload.exp === 'number') {
            await revocations.recordGrantToken(grantId, payload.jti, payload.exp);
          }
        },
      },
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      revocation: { enabled: false },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => endpoints.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          const audience = audienceFor(endpoints, indicator);
          if (!audience)
            throw new errors.InvalidTarget(`resource must be ${endpoints.resource} or ${endpoints.mcpResource}`);
          return resourceServerInfo(audience);
        },
      },
      ...(options.clientIdMetadataFetch
        ? {
            clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
          }
        : {}),
    },
    ...(options.clientIdMetadataFetch ? { fetch: options.clientIdMetadataFetch } : {}),
    renderError: (ctx, out) => options.renderError(ctx, out ?? { error: 'invalid_request' }),
  };
  const provider = new Provider(endpoints.issuer, configuration);
  // The auth-server sits behind the gateway; the mount sets X-Forwarded-* from the base URL itself.
  provider.proxy = true;
  return provider;
}
