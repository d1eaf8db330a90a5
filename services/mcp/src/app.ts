import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { createServiceApp } from '@rankgate/platform/http';
import type { Logger } from '@rankgate/platform/logger';
import type { FastifyInstance } from 'fastify';

import type { McpConfig } from './config.ts';
import { allowedOrigins } from './config.ts';
import { GatewayClient } from './gateway/gateway-client.ts';
import { createMcpServer } from './mcp-server.ts';
import { registerMcpEndpoint } from './routes/mcp-endpoint.ts';
import { buildServerCard, registerServerCard } from './routes/server-card.ts';
import { serverIdentity } from './server-identity.ts';
import { buildToolCatalogue } from './tools/catalogue.ts';

export interface McpAppDependencies {
  config: Pick<McpConfig, 'BASE_URL' | 'INTERNAL_TOKEN' | 'GATEWAY_URL' | 'GATEWAY_TIMEOUT_MS' | 'MCP_ALLOWED_ORIGINS' | 'MCP_PROGRESS_INTERVAL_MS' | 'METRICS_TOKEN'>;
  logger: Logger;
}

/** A JSON-RPC message is small; tool arguments are a search request of a few hundred bytes. */
const MCP_BODY_LIMIT = 256 * 1024;

/**
 * Builds the mcp service's Fastify app (never listens): the MCP endpoint at /mcp and
 * /.well-known/mcp, and the server card. Tools reach the search through the gateway, as the caller.
 */
export function buildMcpApp({ config, logger }: McpAppDependencies): FastifyInstance {
  const app = createServiceApp({ service: 'mcp', baseUrl: config.BASE_URL, logger, internalToken: config.INTERNAL_TOKEN, metricsToken: config.METRICS_TOKEN });
  const identity = serverIdentity(config.BASE_URL);
  const gateway = new GatewayClient({ baseUrl: config.GATEWAY_URL, internalToken: config.INTERNAL_TOKEN, timeoutMs: config.GATEWAY_TIMEOUT_MS });
  const tools = buildToolCatalogue({ gateway, baseUrl: config.BASE_URL });
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  registerServerCard(app, buildServerCard(identity, config.BASE_URL));
  registerMcpEndpoint(app, {
    baseUrl: config.BASE_URL,
    allowedOrigins: allowedOrigins(config),
    bodyLimit: MCP_BODY_LIMIT,
    createServer: (caller) => createMcpServer({ identity, tools, jsonSchemaValidator, progressIntervalMs: config.MCP_PROGRESS_INTERVAL_MS, logger }, caller),
  });
  return app;
}
