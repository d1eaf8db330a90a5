import { createBaseApp } from '@rankgate/shared/http';
import type { Logger } from '@rankgate/shared/logger';
import type { FastifyInstance } from 'fastify';

import { requireCredential } from './auth/credentials.ts';
import type { GatewayConfig } from './config.ts';
import { registerProxies } from './proxy/register-proxies.ts';
import { UPSTREAM_ROUTES } from './proxy/upstream-routes.ts';
import { registerDiscoveryRoutes } from './routes/discovery.ts';
import { registerHealthRoute } from './routes/health.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { unsupportedVersion } from './routes/unsupported-version.ts';
import { registerSite } from './site/register-site.ts';

export interface GatewayDependencies {
  config: Pick<GatewayConfig, 'BASE_URL' | 'INTERNAL_TOKEN' | 'SEARCH_SERVICE_URL' | 'AUTH_SERVICE_URL' | 'MCP_SERVICE_URL' | 'UPSTREAM_TIMEOUT_MS' | 'UPSTREAM_CONNECTIONS' | 'OPERATOR_API_KEY' | 'DEMO_MODE' | 'DEMO_API_KEY'>;
  logger: Logger;
}

/** Builds the public origin (never listens): its own documents plus the proxied service routes. */
export async function buildGatewayApp({ config, logger }: GatewayDependencies): Promise<FastifyInstance> {
  const app = createBaseApp({ baseUrl: config.BASE_URL, logger, classifyUnmatched: unsupportedVersion });
  registerHealthRoute(app);
  registerDiscoveryRoutes(app, config.BASE_URL);
  registerOpenApiRoute(app, config.BASE_URL);
  await registerSite(app, { baseUrl: config.BASE_URL, DEMO_MODE: config.DEMO_MODE, DEMO_API_KEY: config.DEMO_API_KEY });
  await registerProxies(app, {
    baseUrl: config.BASE_URL,
    internalToken: config.INTERNAL_TOKEN,
    upstreams: { search: config.SEARCH_SERVICE_URL, auth: config.AUTH_SERVICE_URL, mcp: config.MCP_SERVICE_URL },
    routes: UPSTREAM_ROUTES,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connections: config.UPSTREAM_CONNECTIONS,
    guard: requireCredential({ baseUrl: config.BASE_URL, operatorApiKey: config.OPERATOR_API_KEY }),
  });
  return app;
}
