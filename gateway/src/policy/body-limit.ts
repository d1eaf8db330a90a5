import { ProblemError } from '@rankgate/contracts/problems';
import type { FastifyInstance } from 'fastify';

/**
 * The proxy streams request bodies through unparsed, so Fastify's bodyLimit never sees them. A
 * service refuses an oversized body and closes the connection mid-upload, which the proxy can only
 * report as the service failing. So the gateway refuses it first, from the declared length, with
 * the same limit the services apply.
 */
export function registerBodyLimit(app: FastifyInstance, limitBytes: number): void {
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limitBytes) {
      throw new ProblemError('PAYLOAD_TOO_LARGE', `The body is ${declared} bytes; at most ${limitBytes} are accepted.`);
    }
  });
}
