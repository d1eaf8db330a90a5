import { createHash } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import type { ServerIdentity } from '../server-identity.ts';
import { OFFERED_PROTOCOL_VERSIONS } from '../transport/protocol-versions.ts';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** `/mcp/server-card` is the current draft's location (SEP-2127); the spec names the SEP-1649 path. */
export const SERVER_CARD_PATHS = ['/mcp/server-card', '/.well-known/mcp/server-card.json'] as const;

/**
 * The server card (SEP-2127 draft schema): the same values as the runtime `serverInfo` and the
 * revisions the endpoint negotiates. No secrets, no internal addresses: only the public origin.
 */
export function buildServerCard(identity: ServerIdentity, baseUrl: string): Record<string, unknown> {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: identity.name,
    version: identity.version,
    title: identity.title,
    description: identity.description,
    websiteUrl: identity.websiteUrl,
    remotes: [
      { type: 'streamable-http', url: `${baseUrl}/mcp`, supportedProtocolVersions: [...OFFERED_PROTOCOL_VERSIONS] },
    ],
  };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
};

/** Serves the card at both paths: public, cacheable, readable from any origin, with ETag. */
export function registerServerCard(app: FastifyInstance, card: Record<string, unknown>): void {
  const body = JSON.stringify(card);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  for (const path of SERVER_CARD_PATHS) {
    app.get(path, async (request, reply) => {
      reply.headers({ ...CORS, 'cache-control': 'public, max-age=3600', etag });
      const ifNoneMatch = request.headers['if-none-match'];
      if (
        ifNoneMatch !== undefined &&
        ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
      ) {
        return reply.code(304).send();
      }
      return reply.type(SERVER_CARD_MEDIA_TYPE).send(body);
    });
    // A cross-origin read that sends If-None-Match is preflighted.
    app.options(path, async (_request, reply) =>
      reply
        .code(204)
        .headers({ ...CORS, 'access-control-max-age': '86400' })
        .send(),
    );
  }
}
