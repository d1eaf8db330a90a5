import type { KeyValueStore } from '@rankgate/platform/stores';

import { secretDigest } from '../domain/opaque-ids.ts';

/** A sign-in sent to the upstream provider and not yet back. */
export interface PendingSignIn {
  /** SHA-256 of the random value in the browser's sign-in cookie: the answer must come back to the same browser. */
  bindingDigest: string;
  verifier: string;
  nonce: string;
  /**
   * The browser id the approver cookie will be bound to (its own cookie is SameSite=Strict, so unseen on the way
   * back).
   */
  browserId: string;
  /** The page to return to, a path of this service. */
  returnTo: string;
}

/** How long a person may take at the provider. */
const PENDING_TTL_MS = 10 * 60_000;

/**
 * Pending sign-ins in the store, keyed by the digest of their `state`, so every replica can finish
 * one another replica started. `take` is single-use: of two callbacks with the same state, only
 * the one whose delete succeeds gets the record.
 */
export class PendingSignIns {
  private readonly store: KeyValueStore;
  constructor(store: KeyValueStore) {
    this.store = store;
  }

  private key(state: string): string {
    return `auth:sign-in:${secretDigest(state)}`;
  }

  async save(state: string, pending: PendingSignIn): Promise<void> {
    await this.store.set(this.key(state), JSON.stringify(pending), { ttlMs: PENDING_TTL_MS });
  }

  async take(state: string): Promise<PendingSignIn | undefined> {
    const value = await this.store.get(this.key(state));
    if (value === null || !(await this.store.delete(this.key(state)))) return undefined;
    return JSON.parse(value) as PendingSignIn;
  }
}
