import { fastify } from 'fastify';
import { Redis } from 'ioredis';

export interface RestRedisDouble {
  url: string;
  token: string;
  /** Commands received, for assertions on the wire format. */
  commands: string[][];
  /** Stop answering (the port closes), as an outage does. */
  stop(): Promise<void>;
  /** Answer again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A Redis REST endpoint on 127.0.0.1 for tests, in front of the real Redis: the protocol of
 * Upstash and SRH (`POST /` with a JSON command array, bearer token, `{result}` or `{error}`).
 * Commands go to Redis uppercased, since ioredis transforms some lowercase replies.
 */
export async function startRestRedisDouble({
  redisUrl,
  token = 'rest-token-for-tests',
}: {
  redisUrl: string;
  token?: string;
}): Promise<RestRedisDouble> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const commands: string[][] = [];
  let port = 0;
  let app = build();

  function build() {
    // Closing drops idle keep-alive connections too, so an outage (stop) and the end of a suite (close) are prompt.
    const server = fastify({ forceCloseConnections: true });
    server.post('/', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${token}`) return reply.code(401).send({ error: 'Unauthorized' });
      const body = request.body;
      if (!Array.isArray(body) || body.length === 0)
        return reply.code(400).send({ error: 'ERR a command array is required' });
      const [name, ...args] = body.map(String);
      commands.push([String(name), ...args]);
      try {
        return { result: await redis.call(String(name).toUpperCase(), ...args) };
      } catch (error) {
        return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
      }
    });
    return server;
  }

  const listen = async () => {
    const address = await app.listen({ host: '127.0.0.1', port });
    port = Number(new URL(address).port);
    return address;
  };
  const url = await listen();

  return {
    url,
    token,
    commands,
    stop: () => app.close(),
    restart: async () => {
      app = build();
      await listen();
    },
    close: async () => {
      await app.close();
      redis.disconnect();
    },
  };
}
