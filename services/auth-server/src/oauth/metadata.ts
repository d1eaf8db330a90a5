import type { Endpoints } from './endpoints.ts';
import {
  AUTHORIZATION_CODE_GRANT,
  CLAIM_GRANT,
  ID_JAG_TOKEN_TYPE,
  IDENTITY_TYPES,
  JWT_BEARER_GRANT,
  REVOCATION_EVENTS,
  SCOPES,
  SEEDED_CLIENT_REDIRECT_URIS,
} from './vocabulary.ts';

/** What the service calls itself to a person (RFC 9728 `resource_name`; agents show it before asserting a user). */
const RESOURCE_NAME = 'Rankgate search';

export interface MetadataOptions {
  clientIdMetadataDocuments: boolean;
  identityTypes: readonly string[];
}

/** RFC 8414 authorization-server metadata, with the agent-auth (`agent_auth`) block. */
export function authorizationServerMetadata(endpoints: Endpoints, options: MetadataOptions): Record<string, unknown> {
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.url('authorize'),
    token_endpoint: endpoints.url('token'),
    revocation_endpoint: endpoints.url('revoke'),
    registration_endpoint: endpoints.url('register'),
    jwks_uri: endpoints.url('jwks'),
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [AUTHORIZATION_CODE_GRANT, JWT_BEARER_GRANT, CLAIM_GRANT],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: options.clientIdMetadataDocuments,
    service_documentation: endpoints.url('skill'),
    // The PRM fields restated, as auth.md agents read them from here.
    resource: endpoints.resource,
    authorization_servers: [endpoints.issuer],
    bearer_methods_supported: ['header'],
    agent_auth: {
      skill: endpoints.url('skill'),
      identity_endpoint: endpoints.url('identity'),
      claim_endpoint: endpoints.url('claim'),
      events_endpoint: endpoints.url('events'),
      identity_types_supported: [...options.identityTypes],
      identity_assertion: { assertion_types_supported: [ID_JAG_TOKEN_TYPE] },
      events_supported: [...REVOCATION_EVENTS],
      claim_grant_type: CLAIM_GRANT,
    },
  };
}

export const ALL_IDENTITY_TYPES = IDENTITY_TYPES;

/** RFC 9728 protected-resource metadata for `resource` (the origin, or the MCP endpoint). */
export function protectedResourceMetadata(endpoints: Endpoints, resource: string): Record<string, unknown> {
  return {
    resource,
    resource_name: RESOURCE_NAME,
    authorization_servers: [endpoints.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    jwks_uri: endpoints.url('jwks'),
    resource_documentation: endpoints.url('skill'),
  };
}

/** The client metadata document of the seeded public test client. */
export function seededClientDocument(endpoints: Endpoints, clientId: string): Record<string, unknown> {
  return {
    client_id: clientId,
    client_name: 'Rankgate test client',
    client_uri: endpoints.resource,
    redirect_uris: [...SEEDED_CLIENT_REDIRECT_URIS],
    grant_types: [AUTHORIZATION_CODE_GRANT],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: SCOPES.join(' '),
  };
}
