import type { SearchResponse } from '@rankgate/contracts';
import type { FastifyInstance } from 'fastify';

/** `GET /v1/sandbox`: the canned search response; no credential, no upstream call. */
export function registerSandboxRoute(app: FastifyInstance, template: SearchResponse): void {
  // `as_of` is today's date on every answer, like a live search's.
  app.get('/v1/sandbox', async (request): Promise<SearchResponse> => ({
    ...template,
    meta: { ...template.meta, request_id: request.id, as_of: new Date().toISOString().slice(0, 10) },
  }));
}
