import proxy from '@fastify/http-proxy';
import type { ForwardedCaller } from '@rankgate/contracts/internal-headers';
import { ForwardedCallerSchema, INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import type { RawRequestHeaders } from '@rankgate/platform/http';
import {
  formatTraceparent,
  INTERNAL_TOKEN_HEADER,
  sendProblem,
  TRACEPARENT_HEADER,
  traceContextOf,
} from '@rankgate/platform/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';

import type { Caller } from '../auth/caller.ts';
import type { RoutePolicy } from '../policy/route-policy.ts';
import type { UpstreamRoute, UpstreamService } from './upstream-routes.ts';
import { upstreamFailure } from './upstream-failure.ts';

export interface ProxyOptions {
  baseUrl: string;
  internalToken: string;
  upstreams: Record<UpstreamService, string>;
  routes: readonly UpstreamRoute[];
  timeoutMs: number;
  connections: number;
  /** The policy (authentication, limits) checked before a route is proxied; undefined for public routes. */
  policyFor: (route: UpstreamRoute) => RoutePolicy | undefined;
}

/** Headers only the gateway may set; a caller's copies are dropped so they cannot be spoofed. */
const isInternalHeader = (name: string): boolean => name.startsWith('x-internal-') || name.startsWith('x-rankgate-');
/**
 * Hop-by-hop for our purposes: Node already answered `Expect: 100-continue` to the caller, and
 * the body is in hand, so the hop to the service sends it straight (undici refuses the header).
 */
const NOT_FORWARDED = new Set(['expect']);

const KNOWN_SCOPES: ReadonlySet<string> = new Set(ForwardedCallerSchema.shape.scopes.element.options);

/** The resolved caller as the internal header's JSON (the shared ForwardedCaller contract). */
function forwardedCaller(caller: Caller): string {
  const value: ForwardedCaller = {
    kind: caller.kind,
    scopes: [...caller.scopes].filter((scope): scope is ForwardedCaller['scopes'][number] => KNOWN_SCOPES.has(scope)),
    ...(caller.kind === 'token'
      ? { subject: caller.subject, ...(caller.clientId ? { client_id: caller.clientId } : {}) }
      : {}),
  };
  return JSON.stringify(value);
}

function forwardHeaders(internalToken: string) {
  return (
    request: Pick<FastifyRequest, 'id' | 'clientIp' | 'caller'> & { raw: RawRequestHeaders },
    headers: IncomingHttpHeaders,
  ): IncomingHttpHeaders => {
    const forwarded: IncomingHttpHeaders = {};
    for (const name in headers)
      if (!isInternalHeader(name) && !NOT_FORWARDED.has(name)) forwarded[name] = headers[name];
    forwarded[INTERNAL_TOKEN_HEADER] = internalToken;
    forwarded['x-request-id'] = request.id;
    forwarded[INTERNAL_HEADERS.clientIp] = request.clientIp;
    // The caller the access guard resolved, so the MCP service can search without a second check.
    if (request.caller) forwarded[INTERNAL_HEADERS.caller] = forwardedCaller(request.caller);
    // The gateway's span is the parent of the service's (W3C Trace Context).
    forwarded[TRACEPARENT_HEADER] = formatTraceparent(traceContextOf(request.raw));
    return forwarded;
  };
}

// http-proxy types its preHandler as callback-style; Fastify runs an async one all the same.
const policyHook = (policy: RoutePolicy | undefined) => (policy ? { preHandler: policy as never } : {});

/**
 * Proxies each public prefix to its service over one keep-alive undici pool per service
 * (reused by all of that service's routes, so connections are not split per prefix). Failures of
 * the hop become problems: down → 503, slow → 504, garbled → 502. The proxy never retries:
 * a service's own 503 is an answer, not a transient hop failure.
 */
export async function registerProxies(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  const pools = new Map<UpstreamService, Pool>();
  const poolFor = (service: UpstreamService): Pool => {
    let pool = pools.get(service);
    if (!pool) {
      pool = new Pool(options.upstreams[service], {
        connections: options.connections,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      pools.set(service, pool);
    }
    return pool;
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  });

  const rewriteRequestHeaders = forwardHeaders(options.internalToken);
  for (const route of options.routes) {
    await app.register(proxy, {
      upstream: options.upstreams[route.service],
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      httpMethods: [...route.methods],
      ...policyHook(options.policyFor(route)),
      undici: poolFor(route.service),
      internalRewriteLocationHeader: false,
      // One 'request completed' line per request is enough; reply-from would add two more.
      disableRequestLogging: true,
      replyOptions: {
        timeout: options.timeoutMs,
        rewriteRequestHeaders,
        retryDelay: () => null,
        onError: (reply, { error }) => {
          const problem = upstreamFailure(route.service, error);
          reply.request.log.warn({ err: error, service: route.service }, 'upstream hop failed');
          sendProblem(reply as never, options.baseUrl, problem);
        },
      },
    });
  }
}
