import { createServiceApp } from '@rankgate/shared/http';
import type { Logger } from '@rankgate/shared/logger';
import type { FastifyInstance } from 'fastify';

import type { SearchConfig } from './config.ts';
import { registerSandboxRoute } from './routes/sandbox.ts';
import { registerSearchRoutes } from './routes/search.ts';

export interface SearchAppDependencies {
  config: Pick<SearchConfig, 'BASE_URL' | 'INTERNAL_TOKEN'>;
  logger: Logger;
}

/** Builds the search service's Fastify app (never listens). */
export function buildSearchApp({ config, logger }: SearchAppDependencies): FastifyInstance {
  const app = createServiceApp({ service: 'search', baseUrl: config.BASE_URL, logger, internalToken: config.INTERNAL_TOKEN, bodyLimit: 16 * 1024 });
  // A search body is JSON; text/plain would otherwise be accepted by Fastify's default parser.
  app.removeContentTypeParser('text/plain');
  registerSandboxRoute(app);
  registerSearchRoutes(app);
  return app;
}
