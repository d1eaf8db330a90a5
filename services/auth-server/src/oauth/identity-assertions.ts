import type { JWTVerifyGetKey } from 'jose';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

import { opaqueId } from '../domain/opaque-ids.ts';
import type { Registration } from '../domain/registrations.ts';
import type { Endpoints } from './endpoints.ts';
import { issuedInFuture } from './issued-at.ts';
import type { SigningKeys } from './signing-keys.ts';
import { IDENTITY_ASSERTION_TYP } from './vocabulary.ts';

export interface IssuedAssertion {
  identity_assertion: string;
  /** ISO timestamp. */
  assertion_expires: string;
}

/** Why an assertion was refused, in words an agent can act on (the `error_description` of `invalid_grant`). */
export class AssertionRefused extends Error {}

/**
 * The service-signed `identity_assertion`: a JWT naming the registration (`sub`) that the agent
 * exchanges at the token endpoint (RFC 7523). Its audience is the token endpoint, never the
 * resource, so it cannot pass for an access token.
 */
export class IdentityAssertions {
  private readonly keys: JWTVerifyGetKey;

  private readonly endpoints: Endpoints;
  private readonly signing: SigningKeys;
  constructor(endpoints: Endpoints, signing: SigningKeys) {
    this.endpoints = endpoints;
    this.signing = signing;
    this.keys = createLocalJWKSet({ keys: signing.publicJwks });
  }

  async issue(registration: Registration): Promise<IssuedAssertion> {
    const exp = Math.floor(registration.expiresAt / 1000);
    const jwt = await new SignJWT({ registration_type: registration.type })
      .setProtectedHeader({ alg: 'ES256', kid: this.signing.signingKid, typ: IDENTITY_ASSERTION_TYP })
      .setIssuer(this.endpoints.issuer)
      .setSubject(registration.id)
      .setAudience(this.endpoints.url('token'))
      .setIssuedAt()
      .setExpirationTime(exp)
      .setJti(opaqueId('ia_'))
      .sign(this.signing.signingKey);
    return { identity_assertion: jwt, assertion_expires: new Date(exp * 1000).toISOString() };
  }

  /** The registration id the assertion names; throws {@link AssertionRefused} with the reason. */
  async verify(assertion: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(assertion, this.keys, {
        issuer: this.endpoints.issuer,
        audience: [this.endpoints.url('token'), this.endpoints.issuer],
        typ: IDENTITY_ASSERTION_TYP,
        algorithms: ['ES256'],
        requiredClaims: ['sub', 'exp', 'jti', 'iat'],
      });
      if (issuedInFuture(payload)) throw new AssertionRefused('the identity_assertion\'s "iat" claim is in the future');
      return String(payload.sub);
    } catch (error) {
      if (error instanceof AssertionRefused) throw error;
      if (error instanceof joseErrors.JWTExpired)
        throw new AssertionRefused('the identity_assertion has expired; register again at /agent/identity');
      if (error instanceof joseErrors.JWTClaimValidationFailed)
        throw new AssertionRefused(`the identity_assertion's "${error.claim}" claim is not valid here`);
      throw new AssertionRefused(
        'the assertion is not an identity_assertion issued by this service (get one from /agent/identity)',
      );
    }
  }
}
