import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ProblemCode } from '@rankgate/contracts/problems';
import {
  buildProblem,
  isProblemError,
  PROBLEM_CONTENT_TYPE,
  ProblemError,
  problemCodeForStatus,
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
export function sendProblem(reply: FastifyReply, baseUrl: string, error: ProblemError): FastifyReply {
  const body = buildProblem(error.code, {
    baseUrl,
    instance: instanceOf(reply.request),
    detail: error.message,
    requestId: reply.request.id,
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
  const detail =
    error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
      ? `Malformed JSON body: ${error.message}`
      : error.message;
  return new ProblemError(code, detail);
}

function methodNotAllowed(reply: FastifyReply, baseUrl: string, method: string, path: string, allowed: string[]) {
  return sendProblem(
    reply,
    baseUrl,
    new ProblemError('METHOD_NOT_ALLOWED', `${method} is not supported on ${path}; use ${allowed.join(', ')}.`, {
      headers: { allow: allowed.join(', ') },
    }),
  );
}

/**
 * Makes every error leave as problem+json: thrown ProblemErrors, framework errors, unknown paths
 * (404) and known paths with the wrong method (405 with `Allow`). Call before registering routes,
 * so the method index sees them all.
 */
export function installProblemHandling(
  app: FastifyInstance,
  { baseUrl, classifyUnmatched }: ProblemHandlingOptions,
): void {
  const methods = new MethodIndex();
  app.addHook('onRoute', (route) => methods.add(route.url ?? route.path, route.method));

  // Before the body is parsed: a method no route on this path takes (even one Fastify cannot parse
  // a body for, such as QUERY) is a 405 with Allow; a plain OPTIONS lists the methods (RFC 9110 §9.3.7).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const path = instanceOf(request);
    const allowed = methods.allowedFor(path);
    if (allowed.length === 0) return;
    if (request.method === 'OPTIONS') {
      // A CORS preflight is the CORS layer's to answer (or to leave unanswered).
      if (request.headers['access-control-request-method'] !== undefined) return;
      return reply
        .code(204)
        .header('allow', [...new Set([...allowed, 'OPTIONS'])].sort().join(', '))
        .send();
    }
    return methodNotAllowed(reply, baseUrl, request.method, path, allowed);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblemError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, baseUrl, problem);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = instanceOf(request);
    const allowed = methods.allowedFor(path);
    if (allowed.length > 0) return methodNotAllowed(reply, baseUrl, request.method, path, allowed);
    const classified = classifyUnmatched?.(path);
    return sendProblem(reply, baseUrl, classified ?? new ProblemError('NOT_FOUND', `Nothing is published at ${path}.`));
  });
}
