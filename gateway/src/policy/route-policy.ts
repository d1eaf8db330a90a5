import type { FastifyReply, FastifyRequest } from 'fastify';

import type { UpstreamRoute } from '../proxy/upstream-routes.ts';
import type { RouteAccess } from './access-guard.ts';
import type { BurstLimiter } from './burst-limiter.ts';

/** One policy step; it rejects with a ProblemError to refuse the request. */
export type PolicyStage = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The checks a route's request passes before it is proxied, in order. */
export type RoutePolicy = PolicyStage;

export interface RoutePolicyParts {
  guardFor: (access: RouteAccess) => PolicyStage;
  /** Undefined when no policy store is configured. */
  limiter: BurstLimiter | undefined;
  /** Undefined when demo mode is off, the quota is 0 or no store is configured. */
  demoQuota: PolicyStage | undefined;
}

/**
 * Each route's policy, from its table entry: who may call (credential and scope), then, for
 * searches, the burst limiter and the demo quota — the limiter first, so a refused burst never
 * spends a lifetime demo search. Public routes get none.
 */
export function createRoutePolicies({ guardFor, limiter, demoQuota }: RoutePolicyParts) {
  return (route: UpstreamRoute): RoutePolicy | undefined => {
    if (!route.access) return undefined;
    const stages: PolicyStage[] = [guardFor(route.access)];
    if (route.countsAsSearch) {
      if (limiter) stages.push(limiter.admit);
      if (demoQuota) stages.push(demoQuota);
    }
    return async (request, reply) => {
      for (const stage of stages) await stage(request, reply);
    };
  };
}
