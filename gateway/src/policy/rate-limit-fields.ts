import type { FastifyInstance } from 'fastify';

import type { UpstreamRoute } from '../proxy/upstream-routes.ts';
import type { BurstLimiter } from './burst-limiter.ts';

/** Where callers see their allowance (the contract names /v1/*, /mcp and /health). */
const SURFACES = [/^\/v1(\/|$)/, /^\/api\/v1(\/|$)/, /^\/mcp(\/|$)/, /^\/\.well-known\/mcp(\/|$)/, /^\/health$/];

/**
 * Shows the caller's burst allowance on the contract's surfaces without spending it, on a reply that does not carry
 * the fields yet. Searches are skipped here: their limiter stage sets the fields from the hit itself, in the same
 * round trip; so does the MCP service for a tool call that charged a search (`search_web`, `read_pages`), whose reply
 * then comes with the fields and needs no second read of the window.
 */
export function registerRateLimitFields(
  app: FastifyInstance,
  limiter: BurstLimiter,
  routes: readonly UpstreamRoute[],
): void {
  const searchPrefixes = routes.filter((route) => route.countsAsSearch).map((route) => route.prefix);
  const isSearch = (path: string) => searchPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('ratelimit')) return payload;
    const path = request.url.split('?')[0] ?? '/';
    if (SURFACES.some((surface) => surface.test(path)) && !isSearch(path)) await limiter.describe(request, reply);
    return payload;
  });
}
