import type { FastifyInstance } from 'fastify';

import { buildOpenApi } from '../openapi/build-openapi.ts';
import type { RouteRetirement } from '../policy/route-retirements.ts';

/** `GET /openapi.json`, built once at start from the shared contracts and the retirement table. */
export function registerOpenApiRoute(
  app: FastifyInstance,
  baseUrl: string,
  retirements: readonly RouteRetirement[] = [],
): void {
  const body = JSON.stringify(buildOpenApi(baseUrl, retirements));
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
