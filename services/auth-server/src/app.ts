import { createServiceApp } from '@rankgate/shared/http';
import type { Logger } from '@rankgate/shared/logger';
import type { FastifyInstance } from 'fastify';

import type { AuthServerConfig } from './config.ts';

export interface AuthServerAppDependencies {
  config: Pick<AuthServerConfig, 'BASE_URL' | 'INTERNAL_TOKEN' | 'METRICS_TOKEN'>;
  logger: Logger;
}

/**
 * Builds the auth-server service's Fastify app (never listens). Its routes (/oauth2, /agent, the OAuth well-known documents) are added by the authorization-server work; until then the gateway's proxied calls reach this service and get its 404 problem.
 */
export function buildAuthServerApp({ config, logger }: AuthServerAppDependencies): FastifyInstance {
  return createServiceApp({ service: 'auth-server', baseUrl: config.BASE_URL, logger, internalToken: config.INTERNAL_TOKEN, metricsToken: config.METRICS_TOKEN });
}
