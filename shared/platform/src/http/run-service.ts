import type { FastifyInstance } from 'fastify';

export interface RunOptions {
  app: FastifyInstance;
  port: number;
  host: string;
  /** Name printed in the start-up line. */
  service: string;
  /** How long in-flight requests may take after SIGTERM before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Closed after the HTTP server has drained (stores, queues, workers). */
  closeAfter?: (() => Promise<void>)[];
}

/** Listens; a busy or forbidden port is a configuration problem: say which, without a stack trace. */
export async function listenOrExit(
  app: FastifyInstance,
  { port, host, service }: { port: number; host: string; service: string },
): Promise<string> {
  return app.listen({ port, host }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES' && error.code !== 'EADDRNOTAVAIL') throw error;
    const reason =
      error.code === 'EADDRINUSE'
        ? 'is already in use'
        : error.code === 'EACCES'
          ? 'needs privileges'
          : 'is not an address of this machine';
    console.error(
      `${service}: cannot listen on ${host}:${port}: the ${error.code === 'EADDRNOTAVAIL' ? 'host' : 'port'} ${reason}. Choose another (see docs/configuration.md).`,
    );
    process.exit(1);
  });
}

/**
 * Listens, then on SIGTERM/SIGINT stops accepting, lets in-flight requests finish (Fastify's
 * close closes idle keep-alive sockets and waits for busy ones), closes the dependencies and exits.
 * A second signal or the timeout exits at once.
 */
export async function runService({
  app,
  port,
  host,
  service,
  shutdownTimeoutMs,
  closeAfter = [],
}: RunOptions): Promise<string> {
  const address = await listenOrExit(app, { port, host, service });
  app.log.info({ address }, `${service} listening`);
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, `${service} shutting down`);
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: shutdownTimeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      for (const close of closeAfter) await close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return address;
}
