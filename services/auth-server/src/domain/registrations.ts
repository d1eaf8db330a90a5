import type { KeyValueStore } from '@rankgate/platform/stores';

import type { IdentityType } from '../oauth/vocabulary.ts';
import { opaqueId, secretDigest } from './opaque-ids.ts';

/** One agent identity registered at /agent/identity. */
export interface Registration {
  id: string;
  type: IdentityType;
  /** Needs a person to claim it before it gets every scope (anonymous, or service_auth with a login hint). */
  claimable: boolean;
  /** Digest of the `clm_…` claim token, for claimable registrations. */
  claimTokenDigest?: string;
  /** Epoch ms after which the claim token no longer starts a claim. */
  claimTokenExpiresAt?: number;
  /** The address given by `login_hint` or at the claim. */
  email?: string;
  /** For ID-JAG registrations: the identity provider's subject. */
  subject?: { iss: string; sub: string };
  createdAt: number;
  /** Epoch ms when the record is forgotten (and its assertions expire). */
  expiresAt: number;
}

export interface NewRegistration {
  type: IdentityType;
  claimToken?: { value: string; ttlMs: number };
  email?: string;
  subject?: { iss: string; sub: string };
}

const subjectKey = ({ iss, sub }: { iss: string; sub: string }): string =>
  `auth:idjag-subject:${secretDigest(`${iss}\n${sub}`)}`;

/** Registration records and their lookups (by claim token, by ID-JAG subject). */
export class Registrations {
  private readonly store: KeyValueStore;
  private readonly ttlMs: number;
  constructor(store: KeyValueStore, ttlMs: number) {
    this.store = store;
    this.ttlMs = ttlMs;
  }

  async create(input: NewRegistration): Promise<Registration> {
    const now = Date.now();
    const registration: Registration = {
      id: opaqueId('reg_'),
      type: input.type,
      claimable: input.claimToken !== undefined,
      createdAt: now,
      expiresAt: now + this.ttlMs,
      ...(input.claimToken
        ? { claimTokenDigest: secretDigest(input.claimToken.value), claimTokenExpiresAt: now + input.claimToken.ttlMs }
        : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.subject ? { subject: input.subject } : {}),
    };
    await this.save(registration);
    // Kept as long as the registration, so an expired token is told apart from an unknown one (410 vs 400).
    if (input.claimToken)
      await this.store.set(`auth:claim-token:${registration.claimTokenDigest}`, registration.id, { ttlMs: this.ttlMs });
    if (input.subject) await this.store.set(subjectKey(input.subject), registration.id, { ttlMs: this.ttlMs });
    return registration;
  }

  async save(registration: Registration): Promise<void> {
    await this.store.set(`auth:registration:${registration.id}`, JSON.stringify(registration), {
      ttlMs: Math.max(1000, registration.expiresAt - Date.now()),
    });
  }

  /** Keeps a claimed registration for a full lifetime from now (its fresh assertion lasts that long). */
  async extend(registration: Registration): Promise<Registration> {
    const extended = { ...registration, expiresAt: Date.now() + this.ttlMs };
    await this.save(extended);
    return extended;
  }

  async find(id: string): Promise<Registration | undefined> {
    const text = await this.store.get(`auth:registration:${id}`);
    return text === null ? undefined : (JSON.parse(text) as Registration);
  }

  async findByClaimToken(claimToken: string): Promise<Registration | undefined> {
    const id = await this.store.get(`auth:claim-token:${secretDigest(claimToken)}`);
    return id === null ? undefined : this.find(id);
  }

  async findBySubject(subject: { iss: string; sub: string }): Promise<Registration | undefined> {
    const id = await this.store.get(subjectKey(subject));
    return id === null ? undefined : this.find(id);
  }

  /** The claim token dies with a successful claim. */
  async forgetClaimToken(registration: Registration): Promise<void> {
    if (registration.claimTokenDigest) await this.store.delete(`auth:claim-token:${registration.claimTokenDigest}`);
  }
}
