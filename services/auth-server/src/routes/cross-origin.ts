import type { FastifyInstance } from 'fastify';

const PREFLIGHT = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'Content-Type, Authorization',
  'access-control-max-age': '600',
};

/**
 * Browser-based agents and MCP clients call these JSON/form endpoints from other origins. Nothing
 * here authenticates with cookies, so any origin may call (as the provider's own token endpoint
 * allows): a preflight answer, and `Access-Control-Allow-Origin: *` on the responses.
 */
export function allowCrossOrigin(scope: FastifyInstance, paths: readonly string[]): void {
  const covered = new Set(paths);
  for (const path of paths) scope.options(path, async (_request, reply) => reply.code(204).headers(PREFLIGHT).send());
  scope.addHook('onSend', async (request, reply, payload) => {
    if (covered.has(request.url.split('?', 1)[0] ?? '')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'WWW-Authenticate');
    }
    return payload;
  });
}
