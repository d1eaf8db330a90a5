import type { FastifyReply, FastifyRequest } from 'fastify';

import type { BurstLimiter } from './burst-limiter.ts';
import { LimiterStoreError } from './burst-limiter.ts';

/**
 * The registration limit: POSTs that create an agent identity or an OAuth client, counted per
 * client address in the policy store's sliding window (the same limiter as searches, under its
 * own policy name `registration`). Both endpoints are OAuth-family endpoints, so a refusal keeps
 * their error format (`{error, error_description}`, RFC 6749 § 5.2 / RFC 7591 § 3.2.2, and the
 * agent-auth `rate_limited` code) instead of problem+json, with `Retry-After` and the RateLimit
 * fields. Resolves with the reply when it answered itself, so the route goes no further.
 */
export function createRegistrationLimit(limiter: BurstLimiter) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const refuse = (status: number, headers: Record<string, string>, error: string, description: string) =>
      reply
        .code(status)
        .headers({ ...headers, 'cache-control': 'no-store' })
        .type('application/json')
        .send({ error, error_description: description });
    let decision;
    try {
      decision = await limiter.hit(request);
    } catch (error) {
      if (!(error instanceof LimiterStoreError)) throw error;
      return refuse(
        503,
        { 'retry-after': '1' },
        'temporarily_unavailable',
        'the registration limit cannot be checked right now; retry shortly',
      );
    }
    if (!decision.allowed) {
      const { limit, windowS } = limiter.policy;
      return refuse(
        429,
        { ...decision.headers, 'retry-after': String(decision.retryAfterS) },
        'rate_limited',
        `this address may register ${limit} identities or clients per ${windowS} s; retry in ${decision.retryAfterS} s`,
      );
    }
    reply.headers(decision.headers);
    return undefined;
  };
}
