import { AUTHORIZATION_CODE_GRANT, SCOPES } from './vocabulary.ts';

interface RegistrationRefusal {
  error: 'invalid_client_metadata' | 'invalid_redirect_uri';
  error_description: string;
}

/** What our rules make of a registration request: refused, or the body to hand to the provider. */
export type RegistrationReview = { refusal: RegistrationRefusal } | { body: Buffer };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const REGISTRABLE_SCOPES = new Set<string>(['openid', ...SCOPES]);

/**
 * Our rules on top of oidc-provider's RFC 7591 checks: public clients only (`token_endpoint_auth_method`
 * none, the default), only the authorization-code grant (the agent grants need no client), and redirect URIs over
 * plain http only to this machine (MCP and RFC 9700:
 * https, or loopback). A `scope` (MCP clients send the resource's `scopes_supported`) must name
 * our scopes; it is then left out of what the provider sees, because the provider knows only its
 * OpenID scopes and would refuse ours — the scopes a client gets are decided at consent anyway.
 * Anything else is for the provider to judge.
 */
export function reviewRegistration(body: Buffer): RegistrationReview {
  let metadata: unknown;
  try {
    metadata = JSON.parse(body.toString('utf8'));
  } catch {
    return { body }; // the provider answers malformed JSON itself
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return { body };
  const { grant_types: grantTypes, redirect_uris: redirectUris, scope, ...rest } = metadata as Record<string, unknown>;
  // Public clients only, as documented: no secret to issue, store or leak (PKCE protects the code).
  const authMethod = rest.token_endpoint_auth_method;
  if (authMethod !== undefined && authMethod !== 'none') {
    return {
      refusal: {
        error: 'invalid_client_metadata',
        error_description: `token_endpoint_auth_method must be "none": only public clients may register (not ${JSON.stringify(authMethod)})`,
      },
    };
  }
  if (Array.isArray(grantTypes) && grantTypes.some((g) => g !== AUTHORIZATION_CODE_GRANT)) {
    return {
      refusal: {
        error: 'invalid_client_metadata',
        error_description: `grant_types may only contain "${AUTHORIZATION_CODE_GRANT}"`,
      },
    };
  }
  if (Array.isArray(redirectUris)) {
    for (const uri of redirectUris) {
      const parsed = typeof uri === 'string' ? URL.parse(uri) : null;
      if (parsed?.protocol === 'http:' && !LOOPBACK.has(parsed.hostname)) {
        return {
          refusal: {
            error: 'invalid_redirect_uri',
            error_description: `redirect_uris must use https, or http on a loopback address (${String(uri)})`,
          },
        };
      }
    }
  }
  // Said explicitly: the provider issues a secret when the method is only defaulted.
  const forProvider = {
    ...rest,
    token_endpoint_auth_method: 'none',
    ...(grantTypes === undefined ? {} : { grant_types: grantTypes }),
    ...(redirectUris === undefined ? {} : { redirect_uris: redirectUris }),
  };
  if (scope === undefined) return { body: Buffer.from(JSON.stringify(forProvider)) };
  const unknown =
    typeof scope === 'string'
      ? scope.split(' ').filter((s) => s !== '' && !REGISTRABLE_SCOPES.has(s))
      : [String(scope)];
  if (unknown.length > 0) {
    return {
      refusal: {
        error: 'invalid_client_metadata',
        error_description: `scope may only contain ${[...REGISTRABLE_SCOPES].join(', ')} (not ${unknown.join(', ')})`,
      },
    };
  }
  return { body: Buffer.from(JSON.stringify(forProvider)) };
}
