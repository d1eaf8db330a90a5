import type { FastifyInstance } from 'fastify';

import { buildOpenApi } from '../openapi/build-openapi.ts';

/** `GET /openapi.json`, built once at start from the shared contracts. */
export function registerOpenApiRoute(app: FastifyInstance, baseUrl: string): void {
  const body = JSON.stringify(buildOpenApi(baseUrl));
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
