import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ProblemCode } from '@rankgate/contracts/problems';
import {
  buildProblem, isProblemError, PROBLEM_CONTENT_TYPE, ProblemError, problemCodeForStatus,
} from '@rankgate/contracts/problems';
import { MethodIndex } from './method-index.ts';

export interface ProblemHandlingOptions {
  baseUrl: string;
  /** Consulted for a path no route matches (after the 405 check), e.g. to answer unpublished API versions. */
  classifyUnmatched?: (path: string) => ProblemError | undefined;
}

/** Path of the request without its query string: the problem's `instance`. */
export const instanceOf = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? request.url;

/** Renders a catalogue problem as the reply. */
export function sendProblem(
  reply: FastifyReply,
  baseUrl: string,
  error: ProblemError,
): FastifyReply {
  const body = buildProblem(error.code, {
    baseUrl, instance: instanceOf(reply.request), detail: error.message, requestId: reply.request.id,
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    ...(error.errors === undefined ? {} : { errors: error.errors }),
  });
  return reply.code(body.status).headers(error.headers).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Framework errors (body parsing, limits) carry a status; their messages are safe below 500. */
function toProblemError(error: FastifyError): ProblemError {
  if (isProblemError(error)) return error;
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  const code: ProblemCode = problemCodeForStatus(status);
  if (status >= 500) return new ProblemError(code, 'The service failed while handling this request.');
  const detail = error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
    ? `Malformed JSON body: ${error.message}`
    : error.message;
  return new ProblemError(code, detail);
}

/**
 * Makes every error leave as problem+json: thrown ProblemErrors, framework errors, unknown paths
 * (404) and known paths with the wrong method (405 with `Allow`). Call before registering routes,
 * so the method index sees them all.
 */
export function installProblemHandling(app: FastifyInstance, { baseUrl, classifyUnmatched }: ProblemHandlingOptions): void {
  const methods = new MethodIndex();
  app.addHook('onRoute', (route) => methods.add(route.url ?? route.path, route.method));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblemError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, baseUrl, problem);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = instanceOf(request);
    const allowed = methods.allowedFor(path);
    if (allowed.length > 0) {
      return sendProblem(reply, baseUrl, new ProblemError('METHOD_NOT_ALLOWED', `${request.method} is not supported on ${path}; use ${allowed.join(', ')}.`, {
        headers: { allow: allowed.join(', ') },
      }));
    }
    const classified = classifyUnmatched?.(path);
    return sendProblem(reply, baseUrl, classified ?? new ProblemError('NOT_FOUND', `Nothing is published at ${path}.`));
  });
}
