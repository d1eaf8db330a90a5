import type { FastifyInstance } from 'fastify';
import { fastify } from 'fastify';

/** What a fake service saw, so tests can assert what the gateway forwarded. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A stand-in service on 127.0.0.1 for gateway tests: records every request and answers as told.
 * It is not the real service (the gateway must not import services); it plays one on the wire.
 */
export async function startTestUpstream(
  configure: (app: FastifyInstance) => void,
): Promise<{ url: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const app = fastify();
  const seen: SeenRequest[] = [];
  app.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers });
  });
  configure(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, seen, close: () => app.close() };
}
