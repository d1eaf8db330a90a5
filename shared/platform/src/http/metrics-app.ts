import type { FastifyInstance } from 'fastify';

import type { Logger } from '../logger/index.ts';
import type { ExpositionSource } from '../metrics/index.ts';
import { createBaseApp } from './create-service-app.ts';
import { registerMetricsRoute } from './metrics-route.ts';

export interface MetricsAppOptions {
  metrics: ExpositionSource;
  /** See `MetricsRouteOptions.token`. */
  token: string;
  baseUrl: string;
  logger: Logger;
}

/**
 * A listener that serves only `GET /metrics`: for the gateway, whose one port is public, so its
 * metrics live on a port of their own (`METRICS_PORT`) that is never published; and for `npm start`,
 * where it serves all five apps' metrics combined.
 */
export function createMetricsApp({ metrics, token, baseUrl, logger }: MetricsAppOptions): FastifyInstance {
  const app = createBaseApp({ baseUrl, logger });
  registerMetricsRoute(app, { metrics, token });
  return app;
}
