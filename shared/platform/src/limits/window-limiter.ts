import type { AppMetrics } from '../metrics/index.ts';
import type { KeyValueStore, WindowState } from '../stores/index.ts';
import type { BurstPolicy } from './rate-limit-headers.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';

/** One recorded hit: admitted or not, the RateLimit fields to send, and when to retry if refused. */
export interface WindowDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterS: number;
}

/** The store could not answer, so the hit was neither recorded nor admitted (fail closed). */
export class LimiterStoreError extends Error {
  override readonly name = 'LimiterStoreError';
}

export interface WindowLimiter {
  policy: BurstPolicy;
  /** Records a hit for the client address; rejects with LimiterStoreError when the store fails. */
  hit(clientIp: string): Promise<WindowDecision>;
  /** The address's current RateLimit fields without spending anything; rejects when the store fails. */
  peek(clientIp: string): Promise<Record<string, string>>;
}

/**
 * A per-IP sliding window in the policy store, one atomic round trip per hit. Every process that
 * charges the same policy (the gateway for REST, the MCP service for `search_web`) uses the same
 * key, `limit:<name>:<ip>`, so a client's allowance is counted once whichever way it searches.
 */
export function createWindowLimiter({
  store,
  policy,
  metrics,
}: {
  store: KeyValueStore;
  policy: BurstPolicy;
  metrics?: AppMetrics | undefined;
}): WindowLimiter {
  const name = policy.name ?? 'burst';
  const record = (decision: 'allowed' | 'limited' | 'error') =>
    metrics?.recordLimiterDecision({ limiter: name, decision });
  const window = { limit: policy.limit, windowMs: policy.windowS * 1000 };
  const keyFor = (clientIp: string) => `limit:${name}:${clientIp}`;
  return {
    policy,
    async hit(clientIp) {
      let state: WindowState;
      try {
        state = await store.hitWindow(keyFor(clientIp), window);
      } catch (error) {
        record('error');
        throw new LimiterStoreError('the rate-limit store did not answer', { cause: error });
      }
      record(state.allowed ? 'allowed' : 'limited');
      return {
        allowed: state.allowed,
        headers: rateLimitHeaders(policy, state),
        retryAfterS: Math.max(1, Math.ceil(state.resetMs / 1000)),
      };
    },
    async peek(clientIp) {
      return rateLimitHeaders(policy, await store.peekWindow(keyFor(clientIp), window));
    },
  };
}
