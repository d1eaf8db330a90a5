import { createServiceApp } from '@rankgate/shared/http';
import type { Logger } from '@rankgate/shared/logger';
import type { FastifyInstance } from 'fastify';

import type { McpConfig } from './config.ts';

export interface McpAppDependencies {
  config: Pick<McpConfig, 'BASE_URL' | 'INTERNAL_TOKEN' | 'METRICS_TOKEN'>;
  logger: Logger;
}

/**
 * Builds the mcp service's Fastify app (never listens). Its routes (/mcp, /.well-known/mcp) are added by the MCP work; until then proxied calls get this service's 404 problem.
 */
export function buildMcpApp({ config, logger }: McpAppDependencies): FastifyInstance {
  return createServiceApp({ service: 'mcp', baseUrl: config.BASE_URL, logger, internalToken: config.INTERNAL_TOKEN, metricsToken: config.METRICS_TOKEN });
}
