import type Provider from 'oidc-provider';

import type { Registrations } from '../../domain/registrations.ts';
import type { Revocations } from '../../domain/revocations.ts';
import type { Endpoints } from '../endpoints.ts';
import type { IdentityAssertions } from '../identity-assertions.ts';
import { AssertionRefused } from '../identity-assertions.ts';
import { JWT_BEARER_GRANT, PRE_CLAIM_SCOPES, SCOPES } from '../vocabulary.ts';
import { grantedScopes, oauthError, requestedAudience, respondWithAgentToken } from './agent-token.ts';

export interface AgentGrantDependencies {
  endpoints: Endpoints;
  registrations: Registrations;
  revocations: Revocations;
  assertions: IdentityAssertions;
}

const REGISTER_AGAIN = '; register again at /agent/identity and exchange the fresh identity_assertion';

/**
 * RFC 7523 jwt-bearer: the agent exchanges its service-signed identity_assertion (as often as it
 * likes) for an access token. The registration is looked up on every exchange, so a revoked or
 * forgotten identity gets `invalid_grant`, and an anonymous one gets only its pre-claim scopes.
 */
export function registerJwtBearerGrant(provider: Provider, deps: AgentGrantDependencies): void {
  provider.registerGrantType(
    JWT_BEARER_GRANT,
    async (ctx) => {
      const { assertion } = ctx.oidc.params as { assertion?: string };
      if (!assertion) throw oauthError('invalid_request', 'missing required parameter "assertion"');
      const audience = requestedAudience(ctx, deps.endpoints);
      let registrationId: string;
      try {
        registrationId = await deps.assertions.verify(assertion);
      } catch (error) {
        if (error instanceof AssertionRefused) throw oauthError('invalid_grant', error.message);
        throw error;
      }
      const [registration, status] = await Promise.all([
        deps.registrations.find(registrationId),
        deps.revocations.identityStatus(registrationId),
      ]);
      if (!registration)
        throw oauthError('invalid_grant', `the registration is unknown or has expired${REGISTER_AGAIN}`);
      if (status === 'revoked') throw oauthError('invalid_grant', `the registration was revoked${REGISTER_AGAIN}`);
      const claimed = status === 'claimed';
      const preClaim = registration.claimable && !claimed;
      const allowed = preClaim ? PRE_CLAIM_SCOPES : SCOPES;
      const scopes = grantedScopes(
        ctx,
        allowed,
        preClaim ? ' until a person claims it (POST /agent/identity/claim)' : '',
      );
      await respondWithAgentToken(ctx, {
        sub: registration.id,
        scopes,
        grantType: JWT_BEARER_GRANT,
        preClaim,
        audience,
      });
    },
    ['assertion', 'scope', 'resource'],
  );
}
