import type { KeyValueStore } from '@rankgate/platform/stores';
import type { JWTPayload } from 'jose';
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';

import { secretDigest } from '../domain/opaque-ids.ts';
import type { Registrations } from '../domain/registrations.ts';
import type { Revocations } from '../domain/revocations.ts';
import type { TrustedIssuers } from '../domain/trusted-issuers.ts';
import type { Endpoints } from '../oauth/endpoints.ts';
import { REVOCATION_EVENTS } from '../oauth/vocabulary.ts';

/** RFC 8935 §2.3 error codes. */
export type SetErrorCode =
  'invalid_request' | 'invalid_key' | 'invalid_issuer' | 'invalid_audience' | 'authentication_failed' | 'access_denied';

export class SetRefused extends Error {
  readonly err: SetErrorCode;
  constructor(err: SetErrorCode, description: string) {
    super(description);
    this.err = err;
  }
}

export interface SetOutcome {
  /** False when this `jti` was applied before (the transmitter retried). */
  applied: boolean;
  revoked: string[];
}

const ALGORITHMS = ['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA'];
/** How long a SET's jti is remembered for de-duplication. */
const DEDUP_TTL_MS = 7 * 24 * 3600 * 1000;
const REVOKING = new Set<string>(REVOCATION_EVENTS);

type SubjectId = { format?: unknown; id?: unknown; iss?: unknown; sub?: unknown };

/**
 * Receives security event tokens from the registration layer (RFC 8417, pushed per RFC 8935):
 * verifies the signature against the transmitter's configured keys, the audience (this issuer),
 * and the required claims; applies each `jti` once; and revokes the named identity for the
 * revocation event types (others are accepted and ignored).
 */
export class SecurityEventReceiver {
  private readonly transmitters: TrustedIssuers;
  private readonly endpoints: Endpoints;
  private readonly store: KeyValueStore;
  private readonly registrations: Registrations;
  private readonly revocations: Revocations;
  constructor(
    transmitters: TrustedIssuers,
    endpoints: Endpoints,
    store: KeyValueStore,
    registrations: Registrations,
    revocations: Revocations,
  ) {
    this.transmitters = transmitters;
    this.endpoints = endpoints;
    this.store = store;
    this.registrations = registrations;
    this.revocations = revocations;
  }

  async receive(token: string): Promise<SetOutcome> {
    const payload = await this.verify(token);
    const revokes = Object.keys(payload.events as Record<string, unknown>).some((type) => REVOKING.has(type));
    const subjects = revokes ? await this.subjectsOf(payload) : [];
    const dedupKey = `auth:set-jti:${secretDigest(`${String(payload.iss)}\n${String(payload.jti)}`)}`;
    if (!(await this.store.setIfAbsent(dedupKey, '1', { ttlMs: DEDUP_TTL_MS }))) return { applied: false, revoked: [] };
    await Promise.all(subjects.map((sub) => this.revocations.revokeIdentity(sub)));
    return { applied: true, revoked: subjects };
  }

  private async verify(token: string): Promise<JWTPayload> {
    let typ: unknown;
    let iss: unknown;
    try {
      typ = decodeProtectedHeader(token).typ;
      iss = decodeJwt(token).iss;
    } catch {
      throw new SetRefused('invalid_request', 'the body is not a compact JWS security event token');
    }
    if (
      typ !== undefined &&
      String(typ)
        .toLowerCase()
        .replace(/^application\//, '') !== 'secevent+jwt'
    ) {
      throw new SetRefused('invalid_request', 'the token typ must be secevent+jwt');
    }
    const keys = this.transmitters.keysFor(iss);
    if (!keys) throw new SetRefused('invalid_issuer', `issuer ${JSON.stringify(iss)} is not a configured transmitter`);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, { algorithms: ALGORITHMS }));
    } catch (error) {
      if (error instanceof joseErrors.JWTClaimValidationFailed || error instanceof joseErrors.JWTExpired)
        throw new SetRefused('invalid_request', `claim "${error.claim}" is not valid`);
      throw new SetRefused('invalid_key', "the signature does not verify against the transmitter's keys");
    }
    const audiences = Array.isArray(payload.aud) ? payload.aud : payload.aud === undefined ? [] : [payload.aud];
    if (!audiences.some((aud) => aud === this.endpoints.issuer || aud === this.endpoints.resource)) {
      throw new SetRefused('invalid_audience', `aud must include ${this.endpoints.issuer}`);
    }
    if (typeof payload.jti !== 'string' || !payload.jti) throw new SetRefused('invalid_request', 'jti is required');
    if (typeof payload.iat !== 'number') throw new SetRefused('invalid_request', 'iat is required');
    const events = payload.events;
    if (typeof events !== 'object' || events === null || Array.isArray(events) || Object.keys(events).length === 0) {
      throw new SetRefused('invalid_request', 'events must be an object with at least one event');
    }
    return payload;
  }

  /**
   * The registrations a SET names: top-level `sub` (auth.md) or `sub_id` (SSF) in the `opaque`
   * format (a registration id), or `iss_sub` (our issuer + registration id, or a trusted identity
   * provider's subject that registered with an ID-JAG).
   */
  private async subjectsOf(payload: JWTPayload): Promise<string[]> {
    const subjectId = (payload.sub_id ??
      (payload.events as Record<string, { subject?: unknown }>)[Object.keys(payload.events as object)[0] ?? '']
        ?.subject) as SubjectId | undefined;
    if (typeof payload.sub === 'string') return [payload.sub];
    if (!subjectId || typeof subjectId !== 'object')
      throw new SetRefused('invalid_request', 'the event names no subject (sub or sub_id)');
    if (subjectId.format === 'opaque' && typeof subjectId.id === 'string') return [subjectId.id];
    if (subjectId.format === 'iss_sub' && typeof subjectId.iss === 'string' && typeof subjectId.sub === 'string') {
      if (subjectId.iss === this.endpoints.issuer) return [subjectId.sub];
      const registration = await this.registrations.findBySubject({ iss: subjectId.iss, sub: subjectId.sub });
      return registration ? [registration.id] : [];
    }
    throw new SetRefused('invalid_request', 'sub_id must use the opaque or iss_sub format');
  }
}
