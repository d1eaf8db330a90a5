import type { FastifyInstance } from 'fastify';

import type { ExpositionSource } from '../metrics/index.ts';
import { ProblemError } from '@rankgate/contracts/problems';
import { secretsEqual } from './internal-token.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsRouteOptions {
  /** An app's metrics, or several combined (`combinedMetrics`). */
  metrics: ExpositionSource;
  /**
   * The Bearer token a scraper must send: `METRICS_TOKEN`, or the internal token when that is
   * unset. A separate token lets Prometheus read metrics without holding the secret that makes
   * a caller the gateway.
   */
  token: string;
}

/** `GET /metrics`: the app's Prometheus registry, for `Authorization: Bearer <token>` only. */
export function registerMetricsRoute(app: FastifyInstance, { metrics, token }: MetricsRouteOptions): void {
  app.get(METRICS_PATH, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given || !secretsEqual(given, token)) {
      throw new ProblemError(
        'UNAUTHORIZED',
        'Metrics need `Authorization: Bearer <token>`: METRICS_TOKEN, or INTERNAL_TOKEN when METRICS_TOKEN is unset.',
        {
          hint: 'Give the scraper that token (Prometheus: `authorization: { credentials_file: ... }`); see docs/operations.md § Metrics.',
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        },
      );
    }
    const { contentType, body } = await metrics.exposition();
    return reply.type(contentType).send(body);
  });
}
