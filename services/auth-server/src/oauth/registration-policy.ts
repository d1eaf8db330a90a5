import { AUTHORIZATION_CODE_GRANT } from './vocabulary.ts';

export interface RegistrationRefusal {
  error: 'invalid_client_metadata' | 'invalid_redirect_uri';
  error_description: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Our rules on top of oidc-provider's RFC 7591 checks: only the authorization-code grant (the agent
 * grants need no client), and redirect URIs over plain http only to this machine (MCP and RFC 9700:
 * https, or loopback). Undefined when the provider should judge the rest.
 */
export function refuseRegistration(body: Buffer): RegistrationRefusal | undefined {
  let metadata: unknown;
  try {
    metadata = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // the provider answers malformed JSON itself
  }
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const { grant_types: grantTypes, redirect_uris: redirectUris } = metadata as { grant_types?: unknown; redirect_uris?: unknown };
  if (Array.isArray(grantTypes) && grantTypes.some((g) => g !== AUTHORIZATION_CODE_GRANT)) {
    return { error: 'invalid_client_metadata', error_description: `grant_types may only contain "${AUTHORIZATION_CODE_GRANT}"` };
  }
  if (Array.isArray(redirectUris)) {
    for (const uri of redirectUris) {
      const parsed = typeof uri === 'string' ? URL.parse(uri) : null;
      if (parsed?.protocol === 'http:' && !LOOPBACK.has(parsed.hostname)) {
        return { error: 'invalid_redirect_uri', error_description: `redirect_uris must use https, or http on a loopback address (${String(uri)})` };
      }
    }
  }
  return undefined;
}
