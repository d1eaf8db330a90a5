import { parseSearchRequest } from '@rankgate/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { SearchDependencies } from '../domain/search-pipeline.ts';
import { runSearch } from '../domain/search-pipeline.ts';

/** Aborted when the caller disconnects before the answer is sent. */
function callerGone(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  return controller.signal;
}

/**
 * `GET|POST /v1/search` and the website's `/api/v1/search`: one contract (query string or JSON
 * body), one pipeline.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: SearchDependencies): void {
  const search = (request: FastifyRequest, input: unknown) =>
    runSearch(parseSearchRequest(input), { requestId: request.id, signal: callerGone(request) }, deps);
  for (const path of ['/v1/search', '/api/v1/search']) {
    app.get(path, async (request) => search(request, request.query));
    app.post(path, async (request) => search(request, request.body ?? {}));
  }
}
