import { ProblemError } from '@rankgate/shared/problems';
import type { AppMetrics } from '@rankgate/shared/metrics';
import type { KeyValueStore, WindowState } from '@rankgate/shared/stores';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { BurstPolicy } from './rate-limit-headers.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';

export interface BurstLimiter {
  policy: BurstPolicy;
  /** Policy stage for searches: records the hit, or refuses with 429 (503 when the store fails). */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Adds the caller's current RateLimit fields without spending anything; silent on store errors. */
  describe(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * The per-IP burst limiter: a sliding window in the policy store, one atomic round trip per
 * search. It fails closed: if the store cannot answer, searches get 503 rather than going
 * unlimited.
 */
export function createBurstLimiter({ store, policy, metrics }: { store: KeyValueStore; policy: BurstPolicy; metrics?: AppMetrics | undefined }): BurstLimiter {
  const record = (decision: 'allowed' | 'limited' | 'error') => metrics?.recordLimiterDecision({ limiter: 'burst', decision });
  const window = { limit: policy.limit, windowMs: policy.windowS * 1000 };
  const keyFor = (request: FastifyRequest) => `limit:burst:${request.clientIp}`;

  return {
    policy,
    async admit(request, reply) {
      let state: WindowState;
      try {
        state = await store.hitWindow(keyFor(request), window);
      } catch (error) {
        record('error');
        request.log.error({ err: error }, 'rate-limit store failed; refusing (fail closed)');
        throw new ProblemError('SERVICE_UNAVAILABLE', 'The rate limiter cannot reach its store, so searches are refused until it is back.', { headers: { 'retry-after': '1' } });
      }
      const headers = rateLimitHeaders(policy, state);
      record(state.allowed ? 'allowed' : 'limited');
      if (!state.allowed) {
        const retryAfterS = Math.max(1, Math.ceil(state.resetMs / 1000));
        throw new ProblemError('RATE_LIMITED', `This address may make ${policy.limit} searches per ${policy.windowS} s; the next one is possible in ${retryAfterS} s.`, {
          headers: { ...headers, 'retry-after': String(retryAfterS) },
        });
      }
      reply.headers(headers);
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
