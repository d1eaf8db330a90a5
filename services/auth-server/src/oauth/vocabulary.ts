/** The OAuth and agent-auth names this authorization server speaks (one place, so metadata and handlers agree). */

// The scopes are part of the public contract, shared with the gateway that enforces them.
export type { Scope } from '@rankgate/contracts';
export { PRE_CLAIM_SCOPES, SCOPES } from '@rankgate/contracts';

export const AUTHORIZATION_CODE_GRANT = 'authorization_code';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Our vendor URN for the agent claim grant (polled like RFC 8628). */
export const CLAIM_GRANT = 'urn:rankgate:agent-auth:grant-type:claim';
export const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';
export const ID_JAG_TYP = 'oauth-id-jag+jwt';
/** `typ` of the service-signed identity assertion, so it is never mistaken for an access token. */
export const IDENTITY_ASSERTION_TYP = 'identity-assertion+jwt';

/** The internal public client our agent grants run under (agents send no client_id). */
export const AGENT_CLIENT_ID = 'rankgate-agent';

/** Access tokens last an hour (the spec fixes it). */
export const ACCESS_TOKEN_TTL_S = 3600;

export const IDENTITY_TYPES = ['anonymous', 'identity_assertion', 'service_auth'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

/** Security event types that revoke the identity they name. Any other event type is accepted and ignored. */
export const REVOCATION_EVENTS = [
  'https://schemas.workos.com/events/agent/auth/identity/assertion/revoked',
  'https://schemas.openid.net/secevent/caep/event-type/session-revoked',
  'https://schemas.openid.net/secevent/risc/event-type/account-disabled',
  'https://schemas.openid.net/secevent/risc/event-type/account-purged',
] as const;

export const SEEDED_CLIENT_REDIRECT_URIS = [
  'http://127.0.0.1/callback',
  'http://127.0.0.1:8787/oauth/callback',
  'urn:ietf:wg:oauth:2.0:oob',
] as const;
