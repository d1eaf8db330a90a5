import type { FastifyReply } from 'fastify';

/**
 * An error of the agent-auth endpoints, in the OAuth shape agents already parse
 * (`{error, error_description}`, as /oauth2/token answers), never cached.
 */
export class AgentAuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    error: string,
    description: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(description);
    this.status = status;
    this.error = error;
    this.extra = extra;
    this.headers = headers;
  }
}

export function sendAgentError(reply: FastifyReply, failure: AgentAuthError): FastifyReply {
  return reply
    .code(failure.status)
    .headers({ 'cache-control': 'no-store', ...failure.headers })
    .send({ error: failure.error, error_description: failure.message, ...failure.extra });
}
