import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { fastify, LogController } from 'fastify';
import type { Logger } from 'pino';

import { ProblemError } from '../problems/index.ts';
import { SERVICE_VERSION } from '../version.ts';
import { problemClientErrorHandler } from './client-error.ts';
import { requireInternalToken } from './internal-token.ts';
import type { ProblemHandlingOptions } from './problem-handling.ts';
import { installProblemHandling, sendProblem } from './problem-handling.ts';
import { requestIdFor } from './request-id.ts';

export interface BaseAppOptions {
  /** Public origin, for problem `type` URIs. */
  baseUrl: string;
  logger: Logger;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimit?: number;
  /** See `installProblemHandling`. */
  classifyUnmatched?: ProblemHandlingOptions['classifyUnmatched'];
  /** Extra Fastify options (e.g. timeouts). */
  fastify?: Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'pluginTimeout' | 'trustProxy'>;
}

/**
 * The Fastify instance every public or internal HTTP surface starts from: request id taken from
 * `X-Request-Id` (well-formed) or generated and echoed back, one log line per response, errors as
 * problem+json. Routes are registered by the caller afterwards.
 */
export function createBaseApp({ baseUrl, logger, bodyLimit = 64 * 1024, classifyUnmatched, fastify: extra }: BaseAppOptions): FastifyInstance {
  const app = fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: requestIdFor,
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit,
    return503OnClosing: true,
    clientErrorHandler: problemClientErrorHandler(baseUrl),
    // Errors the router raises before any route runs (a path segment over maxParamLength, a
    // malformed URL) get problem documents too.
    frameworkErrors: (error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const code = status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST';
      return sendProblem(reply, baseUrl, new ProblemError(code, status === 414 ? 'A path segment is too long.' : 'The request URL is malformed.'));
    },
    ...extra,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
  });
  installProblemHandling(app, classifyUnmatched ? { baseUrl, classifyUnmatched } : { baseUrl });
  return app;
}

export interface ServiceAppOptions extends BaseAppOptions {
  /** Service name, reported by its readiness probe. */
  service: string;
  internalToken: string;
  /** Named dependency checks run by the readiness probe (e.g. `redis`); a rejection makes it answer 503. */
  readiness?: Record<string, () => Promise<void>>;
}

/** A check that has not answered by then counts as failing (a queue connection may wait forever). */
const CHECK_TIMEOUT_MS = 1000;

async function runChecks(checks: Record<string, () => Promise<void>>): Promise<Record<string, 'ok' | 'failing'>> {
  const entries = await Promise.all(Object.entries(checks).map(async ([name, check]) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([check(), timeout]);
      return [name, 'ok'] as const;
    } catch {
      return [name, 'failing'] as const;
    } finally {
      clearTimeout(timer);
    }
  }));
  return Object.fromEntries(entries);
}

/**
 * A service behind the gateway: the base app plus the internal-token guard and the readiness
 * probe `GET /internal/health` (200, or 503 when a dependency check fails; no token needed, so
 * orchestrators can call it).
 */
export function createServiceApp(options: ServiceAppOptions): FastifyInstance {
  const app = createBaseApp(options);
  requireInternalToken(app, options.internalToken);
  const readiness = options.readiness ?? {};
  app.get('/internal/health', async (_request, reply) => {
    const checks = await runChecks(readiness);
    const ok = Object.values(checks).every((state) => state === 'ok');
    return reply.code(ok ? 200 : 503).send({ ok, service: options.service, service_version: SERVICE_VERSION, checks });
  });
  return app;
}
