import type { FastifyInstance } from 'fastify';

import type { UpstreamRoute } from '../proxy/upstream-routes.ts';
import type { BurstLimiter } from './burst-limiter.ts';

/** Where callers see their allowance (the contract names /v1/*, /mcp and /health). */
const SURFACES = [/^\/v1(\/|$)/, /^\/api\/v1(\/|$)/, /^\/mcp(\/|$)/, /^\/\.well-known\/mcp(\/|$)/, /^\/health$/];

/**
 * Shows the caller's burst allowance on the contract's surfaces without spending it. Searches are
 * skipped here: their limiter stage sets the fields from the hit itself, in the same round trip.
 */
export function registerRateLimitFields(
  app: FastifyInstance,
  limiter: BurstLimiter,
  routes: readonly UpstreamRoute[],
): void {
  const searchPrefixes = routes.filter((route) => route.countsAsSearch).map((route) => route.prefix);
  const isSearch = (path: string) => searchPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (SURFACES.some((surface) => surface.test(path)) && !isSearch(path)) await limiter.describe(request, reply);
  });
}
