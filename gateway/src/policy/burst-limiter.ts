import type { AppMetrics } from '@rankgate/platform/metrics';
import type { BurstPolicy, WindowDecision } from '@rankgate/platform/limits';
import { admitBurst, createWindowLimiter, LimiterStoreError } from '@rankgate/platform/limits';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyReply, FastifyRequest } from 'fastify';

export { LimiterStoreError } from '@rankgate/platform/limits';

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
 * The shared per-IP window limiter (`@rankgate/platform/limits`) as policy stages. The searches'
 * burst limiter is one (`burst`, the same window the MCP service charges for `search_web`); the
 * registration limit is another, with its own name, window and store key. Fails closed.
 */
export function createBurstLimiter({
  store,
  policy,
  metrics,
}: {
  store: KeyValueStore;
  policy: BurstPolicy;
  metrics?: AppMetrics | undefined;
}): BurstLimiter {
  const name = policy.name ?? 'burst';
  const limiter = createWindowLimiter({ store, policy, metrics });
  const logTo = (request: FastifyRequest) => (err: unknown, message: string) =>
    request.log.error({ err, limiter: name }, message);
  return {
    policy,
    async hit(request) {
      try {
        return await limiter.hit(request.clientIp);
      } catch (error) {
        if (error instanceof LimiterStoreError)
          logTo(request)(error.cause, 'rate-limit store failed; refusing (fail closed)');
        throw error;
      }
    },
    async admit(request, reply) {
      reply.headers(await admitBurst(limiter, request.clientIp, logTo(request)));
    },
    async describe(request, reply) {
      try {
        reply.headers(await limiter.peek(request.clientIp));
      } catch (error) {
        request.log.warn({ err: error }, 'rate-limit store failed; RateLimit fields omitted');
      }
    },
  };
}
