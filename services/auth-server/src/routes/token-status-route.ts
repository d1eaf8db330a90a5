import type { TokenStatusResponse } from '@rankgate/contracts';
import { TOKEN_STATUS_PATH, TokenStatusRequestSchema } from '@rankgate/contracts';
import { ProblemError } from '@rankgate/contracts/problems';
import type { FastifyInstance } from 'fastify';

import type { Revocations } from '../domain/revocations.ts';

/**
 * POST /internal/token-status, for the gateway (behind the internal token like every route here):
 * whether a verified access token is still good — false once its jti was revoked, its identity was
 * revoked by a security event, or (a pre-claim token) its identity has been claimed since.
 */
export function registerTokenStatusRoute(app: FastifyInstance, revocations: Revocations): void {
  app.post(TOKEN_STATUS_PATH, async (request): Promise<TokenStatusResponse> => {
    const parsed = TokenStatusRequestSchema.safeParse(request.body);
    if (!parsed.success)
      throw new ProblemError(
        'BAD_REQUEST',
        'The body must be JSON {"jti": "…", "sub": "…"} with two non-empty strings.',
      );
    return { active: await revocations.tokenActive(parsed.data.jti, parsed.data.sub) };
  });
}
