import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { createServiceApp } from '@rankgate/platform/http';
import type { SearchAdmission } from '@rankgate/platform/limits';
import { createPolicyStore, createSearchAdmission } from '@rankgate/platform/limits';
import type { Logger } from '@rankgate/platform/logger';
import { createAppMetrics } from '@rankgate/platform/metrics';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyInstance } from 'fastify';

import type { McpConfig } from './config.ts';
import { allowedOrigins } from './config.ts';
import { GatewayClient } from './gateway/gateway-client.ts';
import type { CallContext } from './mcp-server.ts';
import { createMcpServer } from './mcp-server.ts';
import { SearchServiceClient } from './search-service/search-service-client.ts';
import { registerMcpEndpoint } from './routes/mcp-endpoint.ts';
import { buildServerCard, registerServerCard } from './routes/server-card.ts';
import { serverIdentity } from './server-identity.ts';
import { buildToolCatalogue } from './tools/catalogue.ts';
import { MultiplexTransport } from './transport/multiplex-transport.ts';

export interface McpAppDependencies {
  config: Pick<
    McpConfig,
    | 'BASE_URL'
    | 'INTERNAL_TOKEN'
    | 'GATEWAY_URL'
    | 'GATEWAY_TIMEOUT_MS'
    | 'MCP_ALLOWED_ORIGINS'
    | 'MCP_PROGRESS_INTERVAL_MS'
    | 'METRICS_TOKEN'
    | 'SEARCH_SERVICE_URL'
  > &
    Partial<Pick<McpConfig, 'RATE_LIMIT_PER_MINUTE' | 'DEMO_LIMIT'>>;
  logger: Logger;
  /** The policy store `search_web` charges the search limits in (the gateway's); undefined turns them off. */
  policyStore?: KeyValueStore | undefined;
}

/** The policy store from the mcp service's environment (see createPolicyStore), owned by the caller. */
export function createMcpPolicyStore(config: McpConfig, logger: Logger): KeyValueStore | undefined {
  const store = createPolicyStore(config, logger, 'mcp:policy');
  if (!store) logger.info('no policy store configured: search_web charges no burst limiter or demo quota');
  return store;
}

/** A JSON-RPC message is small; tool arguments are a search request of a few hundred bytes. */
const MCP_BODY_LIMIT = 256 * 1024;

/**
 * Builds the mcp service's Fastify app (never listens): the MCP endpoint at /mcp and
 * /.well-known/mcp, and the server card. `search_web` admits the caller the gateway authenticated and
 * calls the search service directly; the other tools read the public API through the gateway.
 */
export function buildMcpApp({ config, logger, policyStore }: McpAppDependencies): FastifyInstance {
  const metrics = createAppMetrics({ service: 'mcp' });
  const app = createServiceApp({
    service: 'mcp',
    baseUrl: config.BASE_URL,
    logger,
    internalToken: config.INTERNAL_TOKEN,
    metricsToken: config.METRICS_TOKEN,
    metrics,
  });
  const identity = serverIdentity(config.BASE_URL);
  const gateway = new GatewayClient({
    baseUrl: config.GATEWAY_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: config.GATEWAY_TIMEOUT_MS,
  });
  const searchService = new SearchServiceClient({
    baseUrl: config.SEARCH_SERVICE_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: config.GATEWAY_TIMEOUT_MS,
  });
  const admission: SearchAdmission | undefined =
    policyStore &&
    createSearchAdmission({
      store: policyStore,
      perMinute: config.RATE_LIMIT_PER_MINUTE ?? 60,
      demoLimit: config.DEMO_LIMIT ?? 5,
      metrics,
    });
  const log = (err: unknown, message: string) => logger.error({ err }, message);
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const tools = buildToolCatalogue({
    gateway,
    searchService,
    admission,
    baseUrl: config.BASE_URL,
    log,
    validator: jsonSchemaValidator,
  });
  app.addHook('onClose', () => searchService.close());
  registerServerCard(app, buildServerCard(identity, config.BASE_URL));
  const transport = new MultiplexTransport<CallContext>();
  const server = createMcpServer(
    { identity, tools, jsonSchemaValidator, progressIntervalMs: config.MCP_PROGRESS_INTERVAL_MS, logger },
    (requestId) => transport.contextOf(requestId),
  );
  registerMcpEndpoint(app, {
    baseUrl: config.BASE_URL,
    allowedOrigins: allowedOrigins(config),
    bodyLimit: MCP_BODY_LIMIT,
    server,
    transport,
  });
  return app;
}
