import { secretsEqual } from '@rankgate/platform/http';

import type { ClaimAttempt, ClaimAttempts } from '../domain/claim-attempts.ts';
import { opaqueId } from '../domain/opaque-ids.ts';
import type { Registration, Registrations } from '../domain/registrations.ts';
import type { Revocations } from '../domain/revocations.ts';
import type { Endpoints } from '../oauth/endpoints.ts';
import type { IdentityAssertions } from '../oauth/identity-assertions.ts';
import { ID_JAG_TOKEN_TYPE, PRE_CLAIM_SCOPES, SCOPES } from '../oauth/vocabulary.ts';
import { AgentAuthError } from './agent-error.ts';
import type { IdJagVerifier } from './id-jag.ts';
import type { IdentityRequest } from './identity-requests.ts';
import { EmailSchema } from './identity-requests.ts';

export interface AgentIdentitiesOptions {
  endpoints: Endpoints;
  registrations: Registrations;
  attempts: ClaimAttempts;
  revocations: Revocations;
  assertions: IdentityAssertions;
  idJag: IdJagVerifier;
  operatorKey: string | undefined;
  anonymousEnabled: boolean;
  claimTokenTtlMs: number;
  claimIntervalS: number;
}

type Body = Record<string, unknown>;

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/**
 * The agent-registration layer (auth.md): registering identities and starting claims. Everything
 * an agent gets back names its next step: an assertion to exchange, or a claim to complete.
 */
export class AgentIdentities {
  private readonly options: AgentIdentitiesOptions;
  constructor(options: AgentIdentitiesOptions) {
    this.options = options;
  }

  async register(request: IdentityRequest): Promise<Body> {
    switch (request.type) {
      case 'anonymous':
        return this.registerAnonymous();
      case 'service_auth':
        return this.registerService(request.client_secret, request.login_hint);
      case 'identity_assertion':
        return this.registerFromIdJag(request.assertion_type, request.assertion);
    }
  }

  private newClaimToken(): { value: string; ttlMs: number } {
    return { value: opaqueId('clm_', 24), ttlMs: this.options.claimTokenTtlMs };
  }

  private claimFields(registration: Registration, claimToken: string): Body {
    return {
      claim_url: this.options.endpoints.url('claim'),
      claim_token: claimToken,
      claim_token_expires: iso(registration.claimTokenExpiresAt ?? registration.expiresAt),
    };
  }

  private attemptFields(attempt: ClaimAttempt): Body {
    const verificationUri = this.options.endpoints.url('claimPage');
    return {
      user_code: attempt.userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(attempt.userCode)}`,
      expires_in: Math.round((attempt.expiresAt - Date.now()) / 1000),
      interval: this.options.claimIntervalS,
    };
  }

  private async registerAnonymous(): Promise<Body> {
    if (!this.options.anonymousEnabled)
      throw new AgentAuthError(400, 'anonymous_not_enabled', 'this service does not accept anonymous identities');
    const claimToken = this.newClaimToken();
    const registration = await this.options.registrations.create({ type: 'anonymous', claimToken });
    return {
      registration_id: registration.id,
      registration_type: registration.type,
      ...(await this.options.assertions.issue(registration)),
      pre_claim_scopes: [...PRE_CLAIM_SCOPES],
      post_claim_scopes: [...SCOPES],
      ...this.claimFields(registration, claimToken.value),
    };
  }

  private async registerService(clientSecret: string | undefined, loginHint: string | undefined): Promise<Body> {
    if (clientSecret !== undefined) {
      if (!this.options.operatorKey || !secretsEqual(clientSecret, this.options.operatorKey)) {
        throw new AgentAuthError(
          401,
          'invalid_client',
          'client_secret is not the operator key',
          {},
          { 'www-authenticate': 'Basic realm="agent-identity"' },
        );
      }
      const registration = await this.options.registrations.create({ type: 'service_auth' });
      return {
        registration_id: registration.id,
        registration_type: registration.type,
        ...(await this.options.assertions.issue(registration)),
        scopes: [...SCOPES],
      };
    }
    if (loginHint === undefined)
      throw new AgentAuthError(
        400,
        'invalid_request',
        'service_auth needs client_secret (the operator key) or login_hint (the e-mail address of the person who will claim it)',
      );
    const email = EmailSchema.safeParse(loginHint);
    if (!email.success) throw new AgentAuthError(400, 'invalid_login_hint', 'login_hint must be an e-mail address');
    const claimToken = this.newClaimToken();
    const registration = await this.options.registrations.create({
      type: 'service_auth',
      claimToken,
      email: email.data,
    });
    const attempt = await this.options.attempts.start(registration.id, email.data);
    return {
      registration_id: registration.id,
      registration_type: registration.type,
      ...this.claimFields(registration, claimToken.value),
      post_claim_scopes: [...SCOPES],
      claim: this.attemptFields(attempt),
    };
  }

  private async registerFromIdJag(assertionType: string, assertion: string): Promise<Body> {
    if (assertionType !== ID_JAG_TOKEN_TYPE)
      throw new AgentAuthError(400, 'invalid_request', `assertion_type must be ${ID_JAG_TOKEN_TYPE}`);
    const verified = await this.options.idJag.verify(assertion);
    const subject = { iss: verified.iss, sub: verified.sub };
    const known = await this.options.registrations.findBySubject(subject);
    const usable = known && (await this.options.revocations.identityStatus(known.id)) !== 'revoked';
    const registration = usable
      ? await this.options.registrations.extend(known)
      : await this.options.registrations.create({
          type: 'identity_assertion',
          subject,
          ...(verified.email ? { email: verified.email } : {}),
        });
    return {
      registration_id: registration.id,
      registration_type: registration.type,
      ...(await this.options.assertions.issue(registration)),
      scopes: [...SCOPES],
    };
  }

  /** POST /agent/identity/claim: a person is asked to confirm a user code for the given address. */
  async startClaim(claimToken: string, emailGiven: string | undefined): Promise<Body> {
    const email = EmailSchema.safeParse(emailGiven ?? '');
    if (!email.success)
      throw new AgentAuthError(
        400,
        'invalid_login_hint',
        'email (or login_hint) must be the e-mail address of the person who will claim this identity',
      );
    const registration = await this.options.registrations.findByClaimToken(claimToken);
    if (!registration)
      throw new AgentAuthError(400, 'invalid_claim_token', 'the claim_token is unknown or was already used');
    if ((registration.claimTokenExpiresAt ?? 0) <= Date.now())
      throw new AgentAuthError(410, 'claim_expired', 'the claim_token has expired; register a new identity');
    const status = await this.options.revocations.identityStatus(registration.id);
    if (status === 'revoked')
      throw new AgentAuthError(400, 'invalid_claim_token', 'the identity was revoked; register again');
    if (status === 'claimed') throw new AgentAuthError(400, 'claimed_or_in_flight', 'the identity is already claimed');
    const current = await this.options.attempts.current(registration.id);
    if (current && (await this.options.attempts.inFlight(current))) {
      throw new AgentAuthError(
        400,
        'claimed_or_in_flight',
        `a claim is already waiting for confirmation until ${iso(current.expiresAt)}; keep polling the token endpoint`,
      );
    }
    const attempt = await this.options.attempts.start(registration.id, email.data);
    const fields = this.attemptFields(attempt);
    return {
      registration_id: registration.id,
      claim_attempt_id: attempt.id,
      status: 'initiated',
      expires_at: iso(attempt.expiresAt),
      claim_attempt: fields,
      ...fields,
    };
  }
}
