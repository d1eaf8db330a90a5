import { ProblemError } from '@rankgate/contracts/problems';
import type { FastifyInstance } from 'fastify';

import type { RouteRetirement } from './route-retirements.ts';
import { retirementFor } from './route-retirements.ts';

/** RFC 9745 Deprecation (a structured Date), RFC 8594 Sunset (an IMF-fixdate) and their links. */
function retirementHeaders(entry: RouteRetirement): Record<string, string> {
  return {
    deprecation: `@${Math.floor(entry.deprecated_at.getTime() / 1000)}`,
    sunset: entry.sunset_at.toUTCString(),
    link: `<${entry.link}>; rel="deprecation"; type="text/html", <${entry.link}>; rel="sunset"; type="text/html"`,
  };
}

/**
 * Marks retiring routes on every response, and retires them at their sunset: from then on the path
 * answers UNSUPPORTED_VERSION, as an unpublished version does.
 */
export function registerRouteRetirements(
  app: FastifyInstance,
  retirements: readonly RouteRetirement[],
  now: () => number = Date.now,
): void {
  if (retirements.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const entry = retirementFor(retirements, request.url.split('?')[0] ?? '/');
    if (!entry) return;
    if (now() >= entry.sunset_at.getTime()) {
      throw new ProblemError('UNSUPPORTED_VERSION', `${entry.path} was retired on ${entry.sunset_at.toUTCString()}.`, {
        hint: `See ${entry.link} for its replacement, and /docs/versioning.md for the policy.`,
      });
    }
    reply.headers(retirementHeaders(entry));
  });
}
