import type { FastifyError, FastifyInstance } from 'fastify';

import { AgentAuthError, sendAgentError } from '../agent/agent-error.ts';
import type { AgentIdentities } from '../agent/agent-identities.ts';
import { ClaimRequestSchema, describeIssue, IdentityRequestSchema } from '../agent/identity-requests.ts';
import type { SecurityEventReceiver } from '../agent/security-events.ts';
import { SetRefused } from '../agent/security-events.ts';
import { PATHS } from '../oauth/endpoints.ts';
import { allowCrossOrigin } from './cross-origin.ts';

export interface AgentRouteOptions {
  identities: AgentIdentities;
  events: SecurityEventReceiver;
}

const SET_MEDIA_TYPE = 'application/secevent+jwt';

/**
 * The agent-registration endpoints. They speak the agent-auth wire format, not problem+json:
 * `{error, error_description}` for /agent/identity*, and RFC 8935 `{err, description}` for the
 * security-event receiver — including for bodies that do not parse.
 */
export async function registerAgentRoutes(
  app: FastifyInstance,
  { identities, events }: AgentRouteOptions,
): Promise<void> {
  await app.register(async (scope) => {
    allowCrossOrigin(scope, [PATHS.identity, PATHS.claim]);
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error instanceof AgentAuthError) return sendAgentError(reply, error);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) reply.log.error({ err: error }, 'agent identity request failed');
      const description =
        status >= 500
          ? 'the service failed while handling this request'
          : `the request body could not be read: ${error.message}`;
      return sendAgentError(
        reply,
        new AgentAuthError(status, status >= 500 ? 'server_error' : 'invalid_request', description),
      );
    });

    scope.post(PATHS.identity, async (request, reply) => {
      const parsed = IdentityRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new AgentAuthError(400, 'invalid_request', describeIssue(parsed.error));
      return reply.header('cache-control', 'no-store').send(await identities.register(parsed.data));
    });

    scope.post(PATHS.claim, async (request, reply) => {
      const parsed = ClaimRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new AgentAuthError(400, 'invalid_request', describeIssue(parsed.error));
      const { claim_token: claimToken, email, login_hint: loginHint } = parsed.data;
      return reply
        .header('cache-control', 'no-store')
        .send(await identities.startClaim(claimToken, email ?? loginHint));
    });
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(SET_MEDIA_TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
      if (status >= 500) reply.log.error({ err: error }, 'security event failed');
      return reply.code(status).send({
        err: status >= 500 ? 'internal_error' : 'invalid_request',
        description: status >= 500 ? 'the receiver failed' : error.message,
      });
    });
    scope.post(PATHS.events, async (request, reply) => {
      if (
        !(request.headers['content-type'] ?? '').toLowerCase().startsWith(SET_MEDIA_TYPE) ||
        typeof request.body !== 'string'
      ) {
        return reply.code(400).send({
          err: 'invalid_request',
          description: `send the SET as the body with Content-Type: ${SET_MEDIA_TYPE}`,
        });
      }
      try {
        const outcome = await events.receive(request.body.trim());
        request.log.info({ applied: outcome.applied, revoked: outcome.revoked.length }, 'security event received');
        return reply.code(202).send();
      } catch (error) {
        if (error instanceof SetRefused) return reply.code(400).send({ err: error.err, description: error.message });
        throw error;
      }
    });
  });
}
