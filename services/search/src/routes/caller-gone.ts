import type { FastifyReply } from 'fastify';

/**
 * Aborted when the caller disconnects before the answer is sent. (The request's own `close`
 * fires as soon as its body is read, so the response is what tells a caller has gone.)
 */
export function callerGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the caller disconnected'));
  });
  return controller.signal;
}
