import type { KeyValueStore } from '@rankgate/platform/stores';

/** jti prefix of tokens issued to an anonymous identity before its claim: they die when it is claimed. */
export const PRE_CLAIM_JTI_PREFIX = 'pc_';

/** Whether an identity was claimed or revoked since registration (absent: neither). */
export type IdentityStatus = 'claimed' | 'revoked';

const MAX_GRANT_TOKENS = 50;
const msUntil = (epochSeconds: number): number => Math.max(1000, epochSeconds * 1000 - Date.now() + 60_000);

/**
 * What the gateway asks on every token-authenticated request, and what makes the answer "no":
 * a revoked token id, a revoked identity, or a pre-claim token of an identity claimed since.
 * Each fact is its own key written without read-modify-write, so concurrent writers cannot undo
 * each other; a revocation always overwrites a claim.
 */
export class Revocations {
  private readonly store: KeyValueStore;
  private readonly identityTtlMs: number;
  constructor(store: KeyValueStore, identityTtlMs: number) {
    this.store = store;
    this.identityTtlMs = identityTtlMs;
  }

  /** Marks an access token revoked until it would have expired anyway. Idempotent. */
  async revokeToken(jti: string, exp: number): Promise<void> {
    await this.store.set(`auth:revoked-jti:${jti}`, '1', { ttlMs: msUntil(exp) });
  }

  async revokeIdentity(sub: string): Promise<void> {
    await this.store.set(`auth:identity-status:${sub}`, 'revoked', { ttlMs: this.identityTtlMs });
  }

  /** Records the claim unless the identity was revoked first; resolves false then. */
  async markClaimed(sub: string): Promise<boolean> {
    if (await this.store.setIfAbsent(`auth:identity-status:${sub}`, 'claimed', { ttlMs: this.identityTtlMs }))
      return true;
    return (await this.identityStatus(sub)) === 'claimed';
  }

  async identityStatus(sub: string): Promise<IdentityStatus | undefined> {
    const status = await this.store.get(`auth:identity-status:${sub}`);
    return status === 'claimed' || status === 'revoked' ? status : undefined;
  }

  async tokenActive(jti: string, sub: string): Promise<boolean> {
    const [revoked, status] = await Promise.all([this.store.get(`auth:revoked-jti:${jti}`), this.identityStatus(sub)]);
    if (revoked !== null || status === 'revoked') return false;
    return !(status === 'claimed' && jti.startsWith(PRE_CLAIM_JTI_PREFIX));
  }

  /** Remembers which access tokens a grant produced, so reusing its authorization code revokes them. */
  async recordGrantToken(grantId: string, jti: string, exp: number): Promise<void> {
    const key = `auth:grant-tokens:${grantId}`;
    const tokens = JSON.parse((await this.store.get(key)) ?? '[]') as [string, number][];
    tokens.push([jti, exp]);
    await this.store.set(key, JSON.stringify(tokens.slice(-MAX_GRANT_TOKENS)), { ttlMs: msUntil(exp) });
  }

  async revokeGrant(grantId: string): Promise<void> {
    const key = `auth:grant-tokens:${grantId}`;
    const tokens = JSON.parse((await this.store.get(key)) ?? '[]') as [string, number][];
    await Promise.all(tokens.map(([jti, exp]) => this.revokeToken(jti, exp)));
  }
}
