import type { FastifyReply, FastifyRequest } from 'fastify';

import type { UpstreamRoute } from '../proxy/upstream-routes.ts';
import type { RouteAccess } from './access-guard.ts';

/** One policy step; it rejects with a ProblemError to refuse the request. */
export type PolicyStage = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The checks a route's request passes before it is proxied, in order. */
export type RoutePolicy = PolicyStage;

export interface RoutePolicyParts {
  guardFor: (access: RouteAccess) => PolicyStage;
}

/**
 * Builds each route's policy from its table entry: who may call (scope), then — for searches —
 * the burst limiter and the demo quota. Public routes get none.
 */
export function createRoutePolicies({ guardFor }: RoutePolicyParts) {
  return (route: UpstreamRoute): RoutePolicy | undefined => {
    if (!route.access) return undefined;
    const stages: PolicyStage[] = [guardFor(route.access)];
    return async (request, reply) => {
      for (const stage of stages) await stage(request, reply);
    };
  };
}
