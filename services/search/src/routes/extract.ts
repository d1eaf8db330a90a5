import { ExtractRequestSchema } from '@rankgate/contracts';
import { ProblemError } from '@rankgate/contracts/problems';
import type { FastifyInstance } from 'fastify';

import type { ExtractDependencies } from '../domain/extract-pipeline.ts';
import { runExtract } from '../domain/extract-pipeline.ts';
import { callerGone } from './caller-gone.ts';

/** The body against the extract contract: a bad or missing URL is 422 naming `urls[i]`, an unknown field 400. */
function parseExtractRequest(input: unknown) {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProblemError(
      'BAD_REQUEST',
      'The extract request must be a JSON object such as {"urls":["https://example.org/"]}.',
    );
  }
  const parsed = ExtractRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: key,
        message: `\`${key}\` is not an extract option (allowed: urls, max_chars, query)`,
      }));
    }
    const field =
      issue.path
        .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`))
        .join('') || 'body';
    return [{ field, message: `\`${field}\` ${issue.message}` }];
  });
  const unknown = errors.filter((e) => !/^(urls|max_chars|query)\b/.test(e.field));
  const chosen = unknown.length > 0 ? unknown : errors;
  throw new ProblemError(
    unknown.length > 0 ? 'BAD_REQUEST' : 'VALIDATION_ERROR',
    chosen.map((e) => e.message).join('; '),
    { errors },
  );
}

/** `POST /v1/extract` and the website's `/api/v1/extract`. */
export function registerExtractRoutes(app: FastifyInstance, deps: ExtractDependencies): void {
  for (const path of ['/v1/extract', '/api/v1/extract']) {
    app.post(path, async (request, reply) => {
      const receivedAt = performance.now() - reply.elapsedTime;
      return runExtract(
        parseExtractRequest(request.body ?? {}),
        { requestId: request.id, signal: callerGone(reply), receivedAt },
        deps,
      );
    });
  }
}
