import type { FastifyReply, FastifyRequest } from 'fastify';

import type { UpstreamRoute } from '../proxy/upstream-routes.ts';
import type { RouteAccess } from './access-guard.ts';
import type { BurstLimiter } from './burst-limiter.ts';

/**
 * One policy step. It rejects with a ProblemError to refuse the request, or answers by itself (an
 * endpoint whose errors are not problem documents) and resolves once that answer is sent.
 */
type PolicyStage = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The checks a route's request passes before it is proxied, in order. */
export type RoutePolicy = PolicyStage;

export interface RoutePolicyParts {
  guardFor: (access: RouteAccess) => PolicyStage;
  /** Undefined when no policy store is configured. */
  limiter: BurstLimiter | undefined;
  /** Undefined when demo mode is off, the quota is 0 or no store is configured. */
  demoQuota: PolicyStage | undefined;
  /** Undefined when the registration limit is 0 or no store is configured. */
  registrationLimit: PolicyStage | undefined;
}

const pathOf = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? request.url;

/**
 * Each route's policy, from its table entry: who may call (credential and scope), then, for
 * searches, the burst limiter and the demo quota — the limiter first, so a refused burst never
 * spends a lifetime demo search; for the registration endpoints among a route's paths, the
 * registration limit. Public routes get none.
 */
export function createRoutePolicies({ guardFor, limiter, demoQuota, registrationLimit }: RoutePolicyParts) {
  return (route: UpstreamRoute): RoutePolicy | undefined => {
    const stages: PolicyStage[] = [];
    if (route.access) stages.push(guardFor(route.access));
    if (route.countsAsSearch) {
      if (limiter) stages.push(limiter.admit);
      if (demoQuota) stages.push(demoQuota);
    }
    if (route.registrations && registrationLimit) {
      const paths = new Set(route.registrations);
      stages.push(async (request, reply) =>
        request.method === 'POST' && paths.has(pathOf(request)) ? registrationLimit(request, reply) : undefined,
      );
    }
    if (stages.length === 0) return undefined;
    return async (request, reply) => {
      for (const stage of stages) {
        await stage(request, reply);
        // A stage that answered (awaiting the reply waits for it to be sent) ends the route here.
        if (reply.sent) return reply;
      }
      return undefined;
    };
  };
}
