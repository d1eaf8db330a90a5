/**
 * The authorization server's public routes (served by services/auth-server through the gateway).
 * These endpoints speak OAuth and agent-auth wire formats, not problem+json; docs/auth.md is the
 * narrative, this is the shape.
 */
import { SCOPES } from '@rankgate/contracts';

import { form, json, obj, str } from './schema-builders.ts';

/** The grants the token endpoint takes (auth-server's vocabulary; the gateway does not import services). */
const GRANT_TYPES = [
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'authorization_code',
  'urn:rankgate:agent-auth:grant-type:claim',
];

const oauthError = (codes: string) =>
  json(`OAuth error (RFC 6749 §5.2): ${codes}`, obj({ error: str(), error_description: str() }, ['error']));
const scopes = { type: 'array', items: { type: 'string', enum: [...SCOPES] } };
const assertion = {
  identity_assertion: str('Service-signed JWT naming the registration; exchange it at /oauth2/token (jwt-bearer).'),
  assertion_expires: { type: 'string', format: 'date-time' },
};
const claimAttempt = obj(
  {
    user_code: str('Show it to the person (XXXX-XXXX).'),
    verification_uri: str('Where the person confirms: {base_url}/oauth2/claim'),
    verification_uri_complete: str(),
    expires_in: { type: 'integer' },
    interval: { type: 'integer', description: 'Minimum seconds between polls.' },
  },
  ['user_code', 'verification_uri', 'expires_in', 'interval'],
);

const tokenResponse = obj(
  {
    access_token: str('JWT (ES256), audience the requested resource: {base_url}/ (default) or {base_url}/mcp'),
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer', enum: [3600] },
    scope: str('Space-separated scopes granted.'),
    ...assertion,
  },
  ['access_token', 'token_type', 'expires_in', 'scope'],
  'Token response (no refresh token). The claim grant adds identity_assertion and assertion_expires.',
);

const identityRequest = {
  oneOf: [
    obj({ type: { const: 'anonymous' } }, ['type']),
    obj(
      {
        type: { const: 'service_auth' },
        client_secret: str('The operator API key.'),
        login_hint: str('E-mail address of the person who will claim it.'),
      },
      ['type'],
    ),
    obj(
      {
        type: { const: 'identity_assertion' },
        assertion_type: { const: 'urn:ietf:params:oauth:token-type:id-jag' },
        assertion: str('An ID-JAG from a trusted identity provider.'),
      },
      ['type', 'assertion_type', 'assertion'],
    ),
  ],
};
const identityResponse = obj(
  {
    registration_id: str('reg_…'),
    registration_type: { type: 'string', enum: ['anonymous', 'service_auth', 'identity_assertion'] },
    ...assertion,
    pre_claim_scopes: scopes,
    post_claim_scopes: scopes,
    scopes,
    claim_url: str(),
    claim_token: str('clm_…, returned once'),
    claim_token_expires: { type: 'string', format: 'date-time' },
    claim: claimAttempt,
  },
  ['registration_id', 'registration_type'],
);

const agentErrors = (codes: string) =>
  json(`Agent-auth error: ${codes}`, obj({ error: str(), error_description: str() }, ['error']));
/**
 * The gateway's per-address registration limit (REGISTRATION_LIMIT_PER_MINUTE), in the endpoint's OAuth error format.
 */
const registrationLimited = {
  429: {
    ...oauthError('rate_limited (the per-address registration limit; Retry-After and RateLimit fields say when)'),
    headers: {
      'Retry-After': { schema: { type: 'integer' } },
      RateLimit: { schema: { type: 'string' } },
      'RateLimit-Policy': { schema: { type: 'string' } },
    },
  },
  503: oauthError('temporarily_unavailable (the limit cannot be checked; fail closed)'),
};

export const AUTH_PATHS: Record<string, unknown> = {
  '/.well-known/oauth-protected-resource': {
    get: {
      tags: ['oauth'],
      operationId: 'protectedResourceMetadata',
      summary: 'RFC 9728 metadata of the origin (resource {base_url}/)',
      security: [],
      responses: {
        200: json(
          'Metadata',
          obj(
            {
              resource: str(),
              resource_name: str(),
              authorization_servers: { type: 'array', items: str() },
              scopes_supported: scopes,
              bearer_methods_supported: { type: 'array', items: str() },
            },
            ['resource', 'authorization_servers'],
          ),
        ),
      },
    },
  },
  '/.well-known/oauth-protected-resource/mcp': {
    get: {
      tags: ['oauth'],
      operationId: 'mcpProtectedResourceMetadata',
      summary: 'RFC 9728 metadata of the MCP endpoint (resource {base_url}/mcp)',
      security: [],
      responses: { 200: json('Metadata', obj({ resource: str() }, ['resource'])) },
    },
  },
  '/.well-known/oauth-authorization-server': {
    get: {
      tags: ['oauth'],
      operationId: 'authorizationServerMetadata',
      summary: 'RFC 8414 metadata with the agent_auth block',
      security: [],
      responses: {
        200: json(
          'Metadata',
          obj({ issuer: str(), token_endpoint: str(), agent_auth: obj({}) }, [
            'issuer',
            'token_endpoint',
            'agent_auth',
          ]),
        ),
      },
    },
  },
  '/.well-known/oauth-client/{client_id}.json': {
    get: {
      tags: ['oauth'],
      operationId: 'clientMetadataDocument',
      summary: 'Seeded test client metadata document',
      security: [],
      parameters: [{ name: 'client_id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: json(
          'Client metadata',
          obj({ client_id: str(), redirect_uris: { type: 'array', items: str() } }, ['client_id', 'redirect_uris']),
        ),
        404: { description: 'No such client document' },
      },
    },
  },
  '/agent/identity': {
    post: {
      tags: ['oauth'],
      operationId: 'registerIdentity',
      summary: 'Register an agent identity (anonymous, service_auth, identity_assertion)',
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: identityRequest } } },
      responses: {
        200: json('Identity: an assertion to exchange, or a claim to complete', identityResponse),
        400: agentErrors('invalid_request, invalid_login_hint, anonymous_not_enabled, issuer_not_enabled'),
        401: agentErrors(
          'invalid_client (wrong operator key), login_required (stale auth_time; WWW-Authenticate: AgentAuth)',
        ),
        ...registrationLimited,
      },
    },
  },
  '/agent/identity/claim': {
    post: {
      tags: ['oauth'],
      operationId: 'startClaim',
      summary: 'Start the claim ceremony',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: obj({ claim_token: str(), email: str(), login_hint: str(), type: { const: 'login_hint' } }, [
              'claim_token',
            ]),
          },
        },
      },
      responses: {
        200: json(
          'Claim attempt',
          obj(
            {
              registration_id: str(),
              claim_attempt_id: str(),
              status: { const: 'initiated' },
              expires_at: str(),
              claim_attempt: claimAttempt,
              user_code: str(),
              interval: { type: 'integer' },
            },
            ['claim_attempt', 'user_code'],
          ),
        ),
        400: agentErrors('invalid_request, invalid_login_hint, invalid_claim_token, claimed_or_in_flight'),
        410: agentErrors('claim_expired'),
      },
    },
  },
  '/agent/event/notify': {
    post: {
      tags: ['oauth'],
      operationId: 'notifyEvent',
      summary: 'Security event token push (RFC 8417/8935; operator side, not agents)',
      security: [],
      requestBody: { required: true, content: { 'application/secevent+jwt': { schema: str('Compact JWS') } } },
      responses: {
        202: { description: 'Accepted (a repeated jti is applied once)' },
        400: json(
          'RFC 8935 error',
          obj(
            {
              err: { type: 'string', enum: ['invalid_request', 'invalid_key', 'invalid_issuer', 'invalid_audience'] },
              description: str(),
            },
            ['err'],
          ),
        ),
      },
    },
  },
  '/oauth2/authorize': {
    get: {
      tags: ['oauth'],
      operationId: 'authorize',
      summary: 'Authorization code with PKCE S256 (public clients, exact redirect URIs)',
      security: [],
      parameters: [
        'response_type',
        'client_id',
        'redirect_uri',
        'scope',
        'code_challenge',
        'code_challenge_method',
        'state',
        'resource',
      ].map((name) => ({
        name,
        in: 'query',
        required: ['response_type', 'client_id', 'code_challenge', 'code_challenge_method'].includes(name),
        schema: { type: 'string' },
      })),
      responses: {
        303: { description: 'To the consent page, then back to redirect_uri with code, state and iss' },
        400: {
          description: 'Error page (unknown client or redirect URI: never redirected)',
          content: { 'text/html': {} },
        },
      },
    },
  },
  '/oauth2/token': {
    post: {
      tags: ['oauth'],
      operationId: 'token',
      summary: 'Token endpoint: jwt-bearer, authorization_code, urn:rankgate:agent-auth:grant-type:claim',
      security: [],
      requestBody: form(
        obj(
          {
            grant_type: { type: 'string', enum: GRANT_TYPES },
            assertion: str('jwt-bearer: the identity_assertion'),
            resource: str('{base_url}/ (or {base_url}/mcp)'),
            code: str(),
            code_verifier: str(),
            redirect_uri: str(),
            client_id: str(),
            claim_token: str('claim grant'),
            scope: str(),
          },
          ['grant_type'],
        ),
      ),
      responses: {
        200: { ...json('Token response (Cache-Control: no-store)', tokenResponse) },
        400: oauthError(
          'invalid_request, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type, authorization_pending, slow_down, expired_token, access_denied',
        ),
        401: oauthError('invalid_client'),
      },
    },
  },
  '/oauth2/register': {
    post: {
      tags: ['oauth'],
      operationId: 'registerClient',
      summary: 'Dynamic client registration (RFC 7591)',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: obj(
              {
                redirect_uris: { type: 'array', items: str() },
                client_name: str(),
                token_endpoint_auth_method: {
                  type: 'string',
                  enum: ['none', 'client_secret_basic', 'client_secret_post'],
                },
              },
              ['redirect_uris'],
            ),
          },
        },
      },
      responses: {
        201: json('Registered client', obj({ client_id: str() }, ['client_id'])),
        400: oauthError('invalid_redirect_uri, invalid_client_metadata'),
        ...registrationLimited,
      },
    },
  },
  '/oauth2/revoke': {
    post: {
      tags: ['oauth'],
      operationId: 'revoke',
      summary: 'Token revocation (RFC 7009)',
      security: [],
      requestBody: form(obj({ token: str(), token_type_hint: str() }, ['token'])),
      responses: {
        200: { description: 'Revoked, or nothing to revoke (idempotent)' },
        400: oauthError('invalid_request (no token)'),
      },
    },
  },
  '/oauth2/jwks': {
    get: {
      tags: ['oauth'],
      operationId: 'jwks',
      summary: 'Public keys that sign access tokens and identity assertions',
      security: [],
      responses: { 200: json('JWKS', obj({ keys: { type: 'array', items: { type: 'object' } } }, ['keys'])) },
    },
  },
  '/oauth2/claim': {
    get: {
      tags: ['oauth'],
      operationId: 'claimPage',
      summary: 'Page where the person confirms a user_code (operator key required)',
      security: [],
      parameters: [{ name: 'user_code', in: 'query', required: false, schema: { type: 'string' } }],
      responses: { 200: { description: 'Page', content: { 'text/html': {} } } },
    },
    post: {
      tags: ['oauth'],
      operationId: 'claimPageSubmit',
      summary: "The page's form (CSRF-protected)",
      security: [],
      requestBody: form(obj({ csrf: str(), step: str(), user_code: str(), operator_key: str() })),
      responses: {
        200: { description: 'Page', content: { 'text/html': {} } },
        401: { description: 'Wrong operator key' },
        429: { description: 'Too many failures from this address' },
      },
    },
  },
};
