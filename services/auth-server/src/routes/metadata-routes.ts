import type { FastifyInstance } from 'fastify';

import type { Endpoints } from '../oauth/endpoints.ts';
import { PATHS } from '../oauth/endpoints.ts';
import type { MetadataOptions } from '../oauth/metadata.ts';
import { authorizationServerMetadata, protectedResourceMetadata, seededClientDocument } from '../oauth/metadata.ts';

export interface MetadataRouteOptions extends MetadataOptions {
  endpoints: Endpoints;
  testClientId: string;
}

/** Public, cacheable for a short while, readable from any origin (browser-based MCP clients). */
const PUBLIC_JSON = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

/**
 * The well-known documents: RFC 8414 authorization-server metadata at the root (the issuer has no
 * path), RFC 9728 protected-resource metadata for the origin and for /mcp (each `resource` the
 * URL it was derived from), and the seeded client's metadata document.
 */
export function registerMetadataRoutes(app: FastifyInstance, options: MetadataRouteOptions): void {
  const { endpoints } = options;
  const asMetadata = authorizationServerMetadata(endpoints, options);
  app.get(PATHS.asMetadata, async (_request, reply) => reply.headers(PUBLIC_JSON).send(asMetadata));
  app.get(PATHS.resourceMetadata, async (_request, reply) =>
    reply.headers(PUBLIC_JSON).send(protectedResourceMetadata(endpoints, endpoints.resource)),
  );
  app.get(`${PATHS.resourceMetadata}/mcp`, async (_request, reply) =>
    reply.headers(PUBLIC_JSON).send(protectedResourceMetadata(endpoints, endpoints.mcpResource)),
  );
  app.get(`${PATHS.clientDocuments}/${options.testClientId}.json`, async (_request, reply) =>
    reply.headers(PUBLIC_JSON).send(seededClientDocument(endpoints, options.testClientId)),
  );
}
