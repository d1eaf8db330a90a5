import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { fastify, LogController } from 'fastify';
import type { Logger } from 'pino';

import { ProblemError } from '@rankgate/contracts/problems';
import type { AppMetrics } from '../metrics/index.ts';
import { createAppMetrics } from '../metrics/index.ts';
import { SERVICE_VERSION } from '../version.ts';
import { problemClientErrorHandler } from './client-error.ts';
import { requireInternalToken } from './internal-token.ts';
import { METRICS_PATH, registerMetricsRoute } from './metrics-route.ts';
import type { ProblemHandlingOptions } from './problem-handling.ts';
import { installProblemHandling, sendProblem } from './problem-handling.ts';
import { requestIdFor } from './request-id.ts';
import { traceContextOf, traceStorage } from '../tracing/trace-context.ts';

export interface BaseAppOptions {
  /** Public origin, for problem `type` URIs. */
  baseUrl: string;
  logger: Logger;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimit?: number;
  /** See `installProblemHandling`. */
  classifyUnmatched?: ProblemHandlingOptions['classifyUnmatched'];
  /** Extra Fastify options (e.g. timeouts). */
  fastify?: Pick<
    FastifyServerOptions,
    'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'pluginTimeout' | 'trustProxy'
  >;
  /** Records every answered request (route pattern, method, status, latency) when given. */
  metrics?: AppMetrics;
  /**
   * Level of the one line per answered request. The gateway's is the request's line at info; a
   * service behind it logs the same request at debug, so one request is one info line.
   */
  requestLogLevel?: 'info' | 'debug';
}

/**
 * The Fastify instance every public or internal HTTP surface starts from: request id taken from
 * `X-Request-Id` (well-formed) or generated and echoed back, W3C trace context continued or
 * started (its trace id on every log line, current while the handler runs), one log line per
 * response, errors as problem+json, optional request metrics. Routes are registered afterwards.
 */
export function createBaseApp({
  baseUrl,
  logger,
  bodyLimit = 64 * 1024,
  classifyUnmatched,
  fastify: extra,
  metrics,
  requestLogLevel = 'info',
}: BaseAppOptions): FastifyInstance {
  const app = fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: requestIdFor,
    childLoggerFactory: (parent, bindings, options, rawRequest) =>
      parent.child({ ...bindings, trace_id: traceContextOf(rawRequest).traceId }, options),
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit,
    // While draining, a request that still arrives on an open keep-alive connection is served,
    // with `Connection: close`, instead of Fastify's bare (non-problem) 503: behind the gateway
    // nothing retries that 503, and each socket takes at most one more request, so the drain
    // stays bounded (e2e/ops-rolling-restart.test.ts).
    return503OnClosing: false,
    clientErrorHandler: problemClientErrorHandler(baseUrl),
    // Errors the router raises before any route runs (a path segment over maxParamLength, a
    // malformed URL) get problem documents too.
    frameworkErrors: (error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const code = status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST';
      return sendProblem(
        reply,
        baseUrl,
        new ProblemError(code, status === 414 ? 'A path segment is too long.' : 'The request URL is malformed.'),
      );
    },
    ...extra,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Draining: every answer closes its connection, whatever a proxied upstream said about
  // keep-alive, so callers move to a fresh connection (another replica) and the drain ends.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // After body parsing, so the context survives into the handler and the calls it makes.
  app.addHook('preHandler', (request, _reply, done) => traceStorage.run(traceContextOf(request.raw), done));
  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLogLevel](
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
    metrics?.observeHttpRequest({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
  installProblemHandling(app, classifyUnmatched ? { baseUrl, classifyUnmatched } : { baseUrl });
  return app;
}

export interface ServiceAppOptions extends BaseAppOptions {
  /** Service name, reported by its readiness probe. */
  service: string;
  internalToken: string;
  /** `METRICS_TOKEN`: the Bearer token of `GET /metrics`; unset, the internal token. */
  metricsToken?: string | undefined;
  /** Named dependency checks run by the readiness probe (e.g. `redis`); a rejection makes it answer 503. */
  readiness?: Record<string, () => Promise<void>>;
}

/** Liveness: the process answers HTTP. No dependency is checked, so a Redis outage restarts nothing. */
export const LIVENESS_PATH = '/internal/live';
export const READINESS_PATH = '/internal/health';

/** A check that has not answered by then counts as failing (a queue connection may wait forever). */
const CHECK_TIMEOUT_MS = 1000;

async function runChecks(checks: Record<string, () => Promise<void>>): Promise<Record<string, 'ok' | 'failing'>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
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
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * A service behind the gateway: the base app plus the internal-token guard, the readiness probe
 * `GET /internal/health` (200, or 503 when a dependency check fails), the liveness probe
 * `GET /internal/live` (no token needed for either, so orchestrators can call them) and
 * `GET /metrics` (its own Bearer token). Metrics are created for the app unless given.
 */
export function createServiceApp(options: ServiceAppOptions): FastifyInstance {
  const metrics = options.metrics ?? createAppMetrics({ service: options.service });
  const app = createBaseApp({ requestLogLevel: 'debug', ...options, metrics });
  requireInternalToken(app, options.internalToken, [READINESS_PATH, LIVENESS_PATH, METRICS_PATH]);
  registerMetricsRoute(app, { metrics, token: options.metricsToken || options.internalToken });
  app.get(LIVENESS_PATH, async () => ({ ok: true, service: options.service }));
  const readiness = options.readiness ?? {};
  app.get(READINESS_PATH, async (_request, reply) => {
    const checks = await runChecks(readiness);
    const ok = Object.values(checks).every((state) => state === 'ok');
    return reply.code(ok ? 200 : 503).send({ ok, service: options.service, service_version: SERVICE_VERSION, checks });
  });
  return app;
}
