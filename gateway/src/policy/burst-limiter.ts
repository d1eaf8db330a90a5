import { ProblemError } from '@rankgate/contracts/problems';
import type { AppMetrics } from '@rankgate/platform/metrics';
import type { KeyValueStore, WindowState } from '@rankgate/platform/stores';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

export interface BurstLimiter {
  policy: BurstPolicy;
  /** Records a hit for the caller's address; rejects with LimiterStoreError when the store fails. */
  hit(request: FastifyRequest): Promise<WindowDecision>;
  /** Policy stage for searches: records the hit, or refuses with 429 (503 when the store fails). */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Adds the caller's current RateLimit fields without spending anything; silent on store errors. */
  describe(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * A per-IP limiter: a sliding window in the policy store, one atomic round trip per hit. The
 * searches' burst limiter is one (`burst`); the registration limit is another, with its own name,
 * window and store key. It fails closed: if the store cannot answer, the hit is refused (503)
 * rather than let through unlimited.
 */
export function createBurstLimiter({ store, policy, metrics }: { store: KeyValueStore; policy: BurstPolicy; metrics?: AppMetrics | undefined }): BurstLimiter {
  const name = policy.name ?? 'burst';
  const record = (decision: 'allowed' | 'limited' | 'error') => metrics?.recordLimiterDecision({ limiter: name, decision });
  const window = { limit: policy.limit, windowMs: policy.windowS * 1000 };
  const keyFor = (request: FastifyRequest) => `limit:${name}:${request.clientIp}`;

  async function hit(request: FastifyRequest): Promise<WindowDecision> {
    let state: WindowState;
    try {
      state = await store.hitWindow(keyFor(request), window);
    } catch (error) {
      record('error');
      request.log.error({ err: error, limiter: name }, 'rate-limit store failed; refusing (fail closed)');
      throw new LimiterStoreError('the rate-limit store did not answer', { cause: error });
    }
    record(state.allowed ? 'allowed' : 'limited');
    return { allowed: state.allowed, headers: rateLimitHeaders(policy, state), retryAfterS: Math.max(1, Math.ceil(state.resetMs / 1000)) };
  }

  return {
    policy,
    hit,
    async admit(request, reply) {
      let decision: WindowDecision;
      try {
        decision = await hit(request);
      } catch (error) {
        if (!(error instanceof LimiterStoreError)) throw error;
        throw new ProblemError('SERVICE_UNAVAILABLE', 'The rate limiter cannot reach its store, so searches are refused until it is back.', { headers: { 'retry-after': '1' } });
      }
      if (!decision.allowed) {
        throw new ProblemError('RATE_LIMITED', `This address may make ${policy.limit} searches per ${policy.windowS} s; the next one is possible in ${decision.retryAfterS} s.`, {
          headers: { ...decision.headers, 'retry-after': String(decision.retryAfterS) },
        });
      }
      reply.headers(decision.headers);
    },
    async describe(request, reply) {
      try {
        reply.headers(rateLimitHeaders(policy, await store.peekWindow(keyFor(request), window)));
      } catch (error) {
        request.log.warn({ err: error }, 'rate-limit store failed; RateLimit fields omitted');
      }
    },
  };
}
