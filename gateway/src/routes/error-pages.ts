import { problemCodeForSlug, ProblemError, renderProblemIndex, renderProblemPage } from '@rankgate/shared/problems';
import type { FastifyInstance } from 'fastify';

/** The human pages behind problem `type` URIs: `/errors` and `/errors/<slug>`. */
export function registerErrorPages(app: FastifyInstance): void {
  const index = renderProblemIndex();
  app.get('/errors', async (_request, reply) => reply.type('text/html; charset=utf-8').send(index));
  app.get<{ Params: { slug: string } }>('/errors/:slug', async (request, reply) => {
    const code = problemCodeForSlug(request.params.slug);
    if (!code) throw new ProblemError('NOT_FOUND', `There is no error type named "${request.params.slug}".`, { hint: 'See /errors for the list.' });
    return reply.type('text/html; charset=utf-8').send(renderProblemPage(code));
  });
}
