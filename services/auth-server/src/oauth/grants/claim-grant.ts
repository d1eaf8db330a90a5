import type Provider from 'oidc-provider';

import type { ClaimAttempts } from '../../domain/claim-attempts.ts';
import { CLAIM_GRANT, SCOPES } from '../vocabulary.ts';
import type { AgentGrantDependencies } from './jwt-bearer-grant.ts';
import { oauthError, requestedAudience, respondWithAgentToken } from './agent-token.ts';

/**
 * The agent claim grant, polled like RFC 8628: `authorization_pending` until the person confirms
 * at /oauth2/claim, `slow_down` when polled inside the interval, `expired_token` once the user
 * code lapsed, `access_denied` when the person refused, then exactly one token response carrying
 * a fresh identity_assertion, and `invalid_grant` afterwards. Claiming revokes the pre-claim tokens.
 */
export function registerClaimGrant(
  provider: Provider,
  deps: AgentGrantDependencies & { attempts: ClaimAttempts },
): void {
  provider.registerGrantType(
    CLAIM_GRANT,
    async (ctx) => {
      const { claim_token: claimToken } = ctx.oidc.params as { claim_token?: string };
      if (!claimToken) throw oauthError('invalid_request', 'missing required parameter "claim_token"');
      const audience = requestedAudience(ctx, deps.endpoints);
      const registration = await deps.registrations.findByClaimToken(claimToken);
      if (!registration) throw oauthError('invalid_grant', 'the claim_token is unknown, expired, or already used');
      if ((await deps.revocations.identityStatus(registration.id)) === 'revoked')
        throw oauthError('invalid_grant', 'the registration was revoked; register again at /agent/identity');
      const outcome = await deps.attempts.poll(registration.id);
      switch (outcome.kind) {
        case 'none':
          throw oauthError(
            'invalid_grant',
            'no claim was started for this claim_token; POST /agent/identity/claim first',
          );
        case 'consumed':
          throw oauthError('invalid_grant', 'this claim was already completed');
        case 'denied':
          throw oauthError('access_denied', 'the person denied the claim');
        case 'expired':
          throw oauthError(
            'expired_token',
            'the user code expired before it was confirmed; POST /agent/identity/claim again',
          );
        case 'slow_down':
          throw oauthError(
            'slow_down',
            `polled too fast; wait at least ${outcome.intervalS} seconds between polls from now on`,
          );
        case 'pending':
          throw oauthError(
            'authorization_pending',
            `the person has not confirmed the user code yet; poll again in ${outcome.intervalS} seconds`,
          );
        case 'confirmed':
          break;
      }
      if (!(await deps.revocations.markClaimed(registration.id)))
        throw oauthError('invalid_grant', 'the registration was revoked; register again at /agent/identity');
      const claimed = await deps.registrations.extend({ ...registration, email: outcome.attempt.email });
      await deps.registrations.forgetClaimToken(claimed);
      const assertion = await deps.assertions.issue(claimed);
      await respondWithAgentToken(
        ctx,
        { sub: claimed.id, scopes: SCOPES, grantType: CLAIM_GRANT, preClaim: false, audience },
        { ...assertion },
      );
    },
    ['claim_token', 'resource'],
  );
}
