import { createBaseApp } from '@rankgate/platform/http';
import type { Logger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { AppMetrics } from '@rankgate/platform/metrics';
import type { FastifyInstance } from 'fastify';

import { createAccessTokenVerifier } from './auth/access-tokens.ts';
import { createCallerResolver } from './auth/caller.ts';
import type { GatewayConfig } from './config.ts';
import { createAccessGuard } from './policy/access-guard.ts';
import { registerBodyLimit } from './policy/body-limit.ts';
import { createBurstLimiter } from './policy/burst-limiter.ts';
import { registerClientIp } from './policy/client-ip.ts';
import { createDemoQuota } from './policy/demo-quota.ts';
import { createRegistrationLimit } from './policy/registration-limit.ts';
import { registerRateLimitFields } from './policy/rate-limit-fields.ts';
import { registerResponseHygiene } from './policy/response-hygiene.ts';
import { registerRouteRetirements } from './policy/retirement-headers.ts';
import { createRoutePolicies } from './policy/route-policy.ts';
import { registerProxies } from './proxy/register-proxies.ts';
import { UPSTREAM_ROUTES } from './proxy/upstream-routes.ts';
import { registerDiscoveryRoutes } from './routes/discovery.ts';
import { registerHealthRoute } from './routes/health.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { unsupportedVersion } from './routes/unsupported-version.ts';
import { registerSite } from './site/register-site.ts';

/** Request bodies the gateway forwards: the services' own limit (search and OAuth bodies are small). */
const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;

export interface GatewayDependencies {
  config: Pick<
    GatewayConfig,
    | 'BASE_URL'
    | 'INTERNAL_TOKEN'
    | 'SEARCH_SERVICE_URL'
    | 'AUTH_SERVICE_URL'
    | 'MCP_SERVICE_URL'
    | 'UPSTREAM_TIMEOUT_MS'
    | 'UPSTREAM_CONNECTIONS'
    | 'OPERATOR_API_KEY'
    | 'DEMO_MODE'
    | 'DEMO_API_KEY'
    | 'DEMO_LIMIT'
    | 'RATE_LIMIT_PER_MINUTE'
    | 'REGISTRATION_LIMIT_PER_MINUTE'
    | 'TRUST_PROXY'
    | 'ROUTE_RETIREMENTS'
  >;
  logger: Logger;
  /** Request metrics of the public origin (served on METRICS_PORT by main.ts, never here). */
  metrics?: AppMetrics;
  /**
   * Backs the burst limiter, the demo quota and the registration limit (see dependencies.ts); undefined turns them
   * off.
   */
  policyStore?: KeyValueStore | undefined;
}

/** Builds the public origin (never listens): its own documents plus the proxied service routes. */
export async function buildGatewayApp({
  config,
  logger,
  policyStore,
  metrics,
}: GatewayDependencies): Promise<FastifyInstance> {
  const app = createBaseApp({
    baseUrl: config.BASE_URL,
    logger,
    classifyUnmatched: unsupportedVersion,
    fastify: { trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false },
    ...(metrics ? { metrics } : {}),
  });
  app.decorateRequest('caller', null);
  registerResponseHygiene(app);
  registerBodyLimit(app, REQUEST_BODY_LIMIT_BYTES);
  registerClientIp(app, config.INTERNAL_TOKEN);
  registerRouteRetirements(app, config.ROUTE_RETIREMENTS);
  const limiter =
    policyStore &&
    createBurstLimiter({ store: policyStore, policy: { limit: config.RATE_LIMIT_PER_MINUTE, windowS: 60 }, metrics });
  if (limiter) registerRateLimitFields(app, limiter, UPSTREAM_ROUTES);
  const demoQuota =
    policyStore && config.DEMO_MODE === 'enabled' && config.DEMO_LIMIT > 0
      ? createDemoQuota({ store: policyStore, limit: config.DEMO_LIMIT, metrics })
      : undefined;
  const registrationLimit =
    policyStore && config.REGISTRATION_LIMIT_PER_MINUTE > 0
      ? createRegistrationLimit(
          createBurstLimiter({
            store: policyStore,
            policy: { name: 'registration', limit: config.REGISTRATION_LIMIT_PER_MINUTE, windowS: 60 },
            metrics,
          }),
        )
      : undefined;
  const resolveCaller = createCallerResolver({
    operatorApiKey: config.OPERATOR_API_KEY,
    demoApiKey: config.DEMO_MODE === 'enabled' ? config.DEMO_API_KEY : undefined,
    tokens: createAccessTokenVerifier({
      issuer: config.BASE_URL,
      authServiceUrl: config.AUTH_SERVICE_URL,
      internalToken: config.INTERNAL_TOKEN,
    }),
  });
  const policyFor = createRoutePolicies({
    guardFor: createAccessGuard({ baseUrl: config.BASE_URL, resolveCaller }),
    limiter,
    demoQuota,
    registrationLimit,
  });
  registerHealthRoute(app);
  registerDiscoveryRoutes(app, config.BASE_URL);
  registerOpenApiRoute(app, config.BASE_URL, config.ROUTE_RETIREMENTS);
  await registerSite(app, {
    baseUrl: config.BASE_URL,
    retirements: config.ROUTE_RETIREMENTS,
    DEMO_MODE: config.DEMO_MODE,
    DEMO_API_KEY: config.DEMO_API_KEY,
  });
  await registerProxies(app, {
    baseUrl: config.BASE_URL,
    internalToken: config.INTERNAL_TOKEN,
    upstreams: { search: config.SEARCH_SERVICE_URL, auth: config.AUTH_SERVICE_URL, mcp: config.MCP_SERVICE_URL },
    routes: UPSTREAM_ROUTES,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connections: config.UPSTREAM_CONNECTIONS,
    policyFor,
  });
  return app;
}
