import { parseSearchRequest } from '@rankgate/shared/contracts';
import { ProblemError } from '@rankgate/shared/problems';
import type { FastifyInstance } from 'fastify';

/**
 * `GET|POST /v1/search` (also `/api/v1/search`): the request contract is enforced here, so callers
 * get the 400/422 answers of the spec. The discover-and-rank pipeline is not part of this build
 * yet: a valid request is answered 503 SERVICE_UNAVAILABLE, which is what the spec prescribes when
 * no discover provider is configured.
 */
export function registerSearchRoutes(app: FastifyInstance): void {
  const handler = async (input: unknown): Promise<never> => {
    parseSearchRequest(input);
    throw new ProblemError('SERVICE_UNAVAILABLE', 'No discover provider is available in this build, so the search pipeline cannot run.', {
      hint: 'Use GET /v1/sandbox to build against the response shape until search is enabled.',
    });
  };
  for (const path of ['/v1/search', '/api/v1/search']) {
    app.get(path, async (request) => handler(request.query));
    app.post(path, async (request) => handler(request.body ?? {}));
  }
}
