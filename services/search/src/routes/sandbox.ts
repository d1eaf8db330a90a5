import type { SearchResponse } from '@rankgate/contracts';
import type { FastifyInstance } from 'fastify';

/** `GET /v1/sandbox`: the canned search response; no credential, no upstream call. */
export function registerSandboxRoute(app: FastifyInstance, template: SearchResponse): void {
  app.get('/v1/sandbox', async (request): Promise<SearchResponse> => ({ ...template, meta: { ...template.meta, request_id: request.id } }));
}
