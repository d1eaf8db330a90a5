import type { HealthResponse } from '@rankgate/contracts';
import { SERVICE_VERSION } from '@rankgate/platform/version';
import type { FastifyInstance } from 'fastify';

/** `GET /health`: liveness of the public origin. */
export function registerHealthRoute(app: FastifyInstance): void {
  app.get('/health', async (): Promise<HealthResponse> => ({ ok: true, service_version: SERVICE_VERSION }));
}
