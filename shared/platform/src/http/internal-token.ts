import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { ProblemError } from '@rankgate/contracts/problems';

import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';

export const INTERNAL_TOKEN_HEADER = INTERNAL_HEADERS.token;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Constant-time comparison of two secrets of any length (hashing first equalises the lengths). */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Services accept calls from the gateway only: a request without the internal token is refused
 * before routing. The readiness probe stays open so orchestrators can check a container.
 */
export function requireInternalToken(
  app: FastifyInstance,
  token: string,
  openPaths: readonly string[] = ['/internal/health'],
): void {
  const open = new Set(openPaths);
  app.addHook('onRequest', async (request) => {
    if (open.has(request.url.split('?', 1)[0] ?? '')) return;
    const given = request.headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !secretsEqual(given, token)) {
      throw new ProblemError('UNAUTHORIZED', 'This service is internal; call it through the gateway.', {
        hint: 'Send requests to the public gateway origin, not to a service port.',
      });
    }
  });
}
