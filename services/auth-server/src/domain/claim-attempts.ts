import type { KeyValueStore } from '@rankgate/platform/stores';

import { normaliseUserCode, opaqueId, userCode } from './opaque-ids.ts';

/** One attempt to claim a registration: a person confirms its user code at /oauth2/claim. */
export interface ClaimAttempt {
  id: string;
  registrationId: string;
  userCode: string;
  email: string;
  createdAt: number;
  expiresAt: number;
}

export type ClaimDecision = 'confirmed' | 'denied';

/** What a poll of the claim grant finds. */
export type PollOutcome =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'slow_down'; intervalS: number }
  | { kind: 'pending'; intervalS: number }
  | { kind: 'denied' }
  | { kind: 'consumed' }
  | { kind: 'confirmed'; attempt: ClaimAttempt };

export interface ClaimAttemptOptions {
  ttlMs: number;
  intervalS: number;
}

/**
 * Claim attempts and their polling. The attempt itself never changes after creation; the person's
 * decision, the single redemption and the poll window are separate keys written atomically
 * (`setIfAbsent`, `increment`), so a poll can never overwrite a confirmation it raced with.
 */
export class ClaimAttempts {
  private readonly store: KeyValueStore;
  private readonly options: ClaimAttemptOptions;
  constructor(store: KeyValueStore, options: ClaimAttemptOptions) {
    this.store = store;
    this.options = options;
  }

  async current(registrationId: string): Promise<ClaimAttempt | undefined> {
    const text = await this.store.get(`auth:claim-attempt:${registrationId}`);
    return text === null ? undefined : (JSON.parse(text) as ClaimAttempt);
  }

  async start(registrationId: string, email: string): Promise<ClaimAttempt> {
    const now = Date.now();
    const attempt: ClaimAttempt = {
      id: opaqueId('cla_'),
      registrationId,
      userCode: userCode(),
      email,
      createdAt: now,
      expiresAt: now + this.options.ttlMs,
    };
    // Kept past its expiry so a late poll is told `expired_token` rather than "no claim started".
    const keep = { ttlMs: this.options.ttlMs * 6 };
    await this.store.set(`auth:claim-attempt:${registrationId}`, JSON.stringify(attempt), keep);
    await this.store.set(`auth:user-code:${normaliseUserCode(attempt.userCode)}`, registrationId, {
      ttlMs: this.options.ttlMs,
    });
    return attempt;
  }

  /** The live attempt a typed user code names, if any. */
  async findByUserCode(typed: string): Promise<ClaimAttempt | undefined> {
    const registrationId = await this.store.get(`auth:user-code:${normaliseUserCode(typed)}`);
    if (registrationId === null) return undefined;
    const attempt = await this.current(registrationId);
    if (!attempt || normaliseUserCode(attempt.userCode) !== normaliseUserCode(typed) || attempt.expiresAt <= Date.now())
      return undefined;
    return attempt;
  }

  async decision(attempt: ClaimAttempt): Promise<ClaimDecision | undefined> {
    const value = await this.store.get(`auth:claim-decision:${attempt.id}`);
    return value === 'confirmed' || value === 'denied' ? value : undefined;
  }

  /** The first decision stands; resolves false when one was already made. */
  async decide(attempt: ClaimAttempt, decision: ClaimDecision): Promise<boolean> {
    return this.store.setIfAbsent(`auth:claim-decision:${attempt.id}`, decision, { ttlMs: this.options.ttlMs * 6 });
  }

  /** Whether the attempt is in flight: unexpired and not yet decided. */
  async inFlight(attempt: ClaimAttempt): Promise<boolean> {
    return attempt.expiresAt > Date.now() && (await this.decision(attempt)) === undefined;
  }

  /**
   * One poll (RFC 8628 §3.5): a poll inside the current interval is `slow_down` and lengthens the
   * interval by 5 s for every later poll; a confirmed attempt is handed out exactly once.
   */
  async poll(registrationId: string): Promise<PollOutcome> {
    const attempt = await this.current(registrationId);
    if (!attempt) return { kind: 'none' };
    const keep = { ttlMs: this.options.ttlMs * 6 };
    if ((await this.store.get(`auth:claim-redeemed:${attempt.id}`)) !== null) return { kind: 'consumed' };
    const slowDowns = Number((await this.store.get(`auth:claim-slow-downs:${attempt.id}`)) ?? 0);
    const intervalS = this.options.intervalS + 5 * slowDowns;
    const pollsInWindow = await this.store.increment(`auth:claim-poll-window:${attempt.id}`, {
      ttlMs: intervalS * 1000,
    });
    if (pollsInWindow > 1) {
      await this.store.increment(`auth:claim-slow-downs:${attempt.id}`, keep);
      return { kind: 'slow_down', intervalS: intervalS + 5 };
    }
    const decision = await this.decision(attempt);
    if (decision === 'denied') return { kind: 'denied' };
    if (decision === 'confirmed') {
      if (!(await this.store.setIfAbsent(`auth:claim-redeemed:${attempt.id}`, '1', keep))) return { kind: 'consumed' };
      return { kind: 'confirmed', attempt };
    }
    if (attempt.expiresAt <= Date.now()) return { kind: 'expired' };
    return { kind: 'pending', intervalS };
  }
}
