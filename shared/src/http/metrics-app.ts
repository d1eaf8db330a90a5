import type { FastifyInstance } from 'fastify';

import type { Logger } from '../logger/index.ts';
import type { AppMetrics } from '../metrics/index.ts';
import { createBaseApp } from './create-service-app.ts';
import { registerMetricsRoute } from './metrics-route.ts';

export interface MetricsAppOptions {
  metrics: AppMetrics;
  /** See `MetricsRouteOptions.token`. */
  token: string;
  baseUrl: string;
  logger: Logger;
}

/**
 * A listener that serves only `GET /metrics`: for the gateway, whose one port is public, so its
 * metrics live on a port of their own (`METRICS_PORT`) that is never published.
 */
export function createMetricsApp({ metrics, token, baseUrl, logger }: MetricsAppOptions): FastifyInstance {
  const app = createBaseApp({ baseUrl, logger });
  registerMetricsRoute(app, { metrics, token });
  return app;
}
