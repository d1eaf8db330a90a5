import type { KeyValueStore } from '@rankgate/platform/stores';
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';

import { secretDigest } from '../domain/opaque-ids.ts';
import type { TrustedIssuers } from '../domain/trusted-issuers.ts';
import type { Endpoints } from '../oauth/endpoints.ts';
import { issuedInFuture } from '../oauth/issued-at.ts';
import { ID_JAG_TYP } from '../oauth/vocabulary.ts';
import { AgentAuthError } from './agent-error.ts';

export interface VerifiedIdJag {
  iss: string;
  sub: string;
  email?: string;
}

const ALGORITHMS = ['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA'];

const invalid = (description: string) => new AgentAuthError(400, 'invalid_request', description);

/**
 * Checks an Identity Assertion JWT Authorization Grant: `typ` oauth-id-jag+jwt, an issuer the
 * operator trusts (signature against its configured keys), `aud` this issuer (or the resource,
 * the same origin), a live `exp`, a `jti` never seen before, and a recent `auth_time`.
 */
export class IdJagVerifier {
  private readonly issuers: TrustedIssuers;
  private readonly endpoints: Endpoints;
  private readonly store: KeyValueStore;
  private readonly maxAuthAgeS: number;
  constructor(issuers: TrustedIssuers, endpoints: Endpoints, store: KeyValueStore, maxAuthAgeS: number) {
    this.issuers = issuers;
    this.endpoints = endpoints;
    this.store = store;
    this.maxAuthAgeS = maxAuthAgeS;
  }

  async verify(assertion: string): Promise<VerifiedIdJag> {
    let typ: unknown;
    let iss: unknown;
    try {
      typ = decodeProtectedHeader(assertion).typ;
      iss = decodeJwt(assertion).iss;
    } catch {
      throw invalid('assertion is not a JWT');
    }
    if (typeof typ !== 'string' || typ.toLowerCase().replace(/^application\//, '') !== ID_JAG_TYP)
      throw invalid(`assertion typ must be "${ID_JAG_TYP}"`);
    const keys = this.issuers.keysFor(iss);
    if (!keys)
      throw new AgentAuthError(
        400,
        'issuer_not_enabled',
        `assertions from issuer ${JSON.stringify(iss)} are not trusted by this service`,
      );
    let payload;
    try {
      ({ payload } = await jwtVerify(assertion, keys, {
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'aud', 'exp', 'iat', 'jti'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw invalid('assertion has expired');
      if (error instanceof joseErrors.JWTClaimValidationFailed)
        throw invalid(`assertion claim "${error.claim}" is missing or invalid`);
      throw invalid("assertion signature does not verify against the issuer's keys");
    }
    if (issuedInFuture(payload)) throw invalid('assertion claim "iat" is in the future');
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (
      audiences.length !== 1 ||
      (audiences[0] !== this.endpoints.issuer && audiences[0] !== this.endpoints.resource)
    ) {
      throw invalid(`assertion aud must be exactly "${this.endpoints.issuer}"`);
    }
    const authTime = payload.auth_time;
    const now = Math.floor(Date.now() / 1000);
    if (typeof authTime !== 'number' || now - authTime > this.maxAuthAgeS) {
      throw new AgentAuthError(
        401,
        'login_required',
        `the user must have signed in within the last ${this.maxAuthAgeS} seconds (auth_time)`,
        { max_age: this.maxAuthAgeS },
        {
          'www-authenticate': `AgentAuth error="login_required", max_age=${this.maxAuthAgeS}`,
        },
      );
    }
    const ttlMs = Math.max(1000, (Number(payload.exp) - now) * 1000 + 60_000);
    if (
      !(await this.store.setIfAbsent(`auth:idjag-jti:${secretDigest(`${String(iss)}\n${String(payload.jti)}`)}`, '1', {
        ttlMs,
      }))
    ) {
      throw invalid('assertion jti was already used (replay)');
    }
    return {
      iss: String(iss),
      sub: String(payload.sub),
      ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
    };
  }
}
