import { parseSearchRequest } from '@rankgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { SearchDependencies } from '../domain/search-pipeline.ts';
import { runSearch } from '../domain/search-pipeline.ts';
import { callerGone } from './caller-gone.ts';

/**
 * `GET|POST /v1/search` and the website's `/api/v1/search`: one contract (query string or JSON
 * body), one pipeline.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: SearchDependencies): void {
  const search = (request: FastifyRequest, reply: FastifyReply, input: unknown) => {
    // elapsedTime counts from the request's arrival (before body parsing and hooks).
    const receivedAt = performance.now() - reply.elapsedTime;
    return runSearch(parseSearchRequest(input), { requestId: request.id, signal: callerGone(reply), receivedAt }, deps);
  };
  for (const path of ['/v1/search', '/api/v1/search']) {
    app.get(path, async (request, reply) => search(request, reply, request.query));
    app.post(path, async (request, reply) => search(request, reply, request.body ?? {}));
  }
}
