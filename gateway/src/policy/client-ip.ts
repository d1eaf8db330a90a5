import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import { INTERNAL_TOKEN_HEADER, secretsEqual } from '@rankgate/platform/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The address limits and quotas are counted against. */
    clientIp: string;
  }
}

/** Carries the original client's address on calls between our own services. */

const PLAUSIBLE_IP = /^[\da-f.:]{2,45}$/i;

/**
 * The client's address: Fastify's `request.ip`, which follows `X-Forwarded-For` only from the
 * TRUST_PROXY addresses (configured on the app). The MCP service's helper tools (sandbox, service
 * info) read the public API on behalf of their caller; they prove themselves with the internal token
 * and name the caller in `x-rankgate-client-ip`. Without the token the header is ignored (and later
 * stripped), so nobody can pick their own address.
 */
function clientIpOf(request: Pick<FastifyRequest, 'ip' | 'headers'>, internalToken: string): string {
  const claimed = request.headers[INTERNAL_HEADERS.clientIp];
  if (typeof claimed === 'string' && PLAUSIBLE_IP.test(claimed) && fromOurServices(request, internalToken))
    return claimed;
  return request.ip;
}

/** The request carries the internal token: one of our own services calls on a caller's behalf (the MCP tools). */
function fromOurServices(request: Pick<FastifyRequest, 'headers'>, internalToken: string): boolean {
  const token = request.headers[INTERNAL_TOKEN_HEADER];
  return typeof token === 'string' && secretsEqual(token, internalToken);
}

export function registerClientIp(app: FastifyInstance, internalToken: string): void {
  app.decorateRequest('clientIp', '');
  app.addHook('onRequest', async (request) => {
    request.clientIp = clientIpOf(request, internalToken);
  });
}
