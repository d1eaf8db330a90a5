import { fastify } from 'fastify';
import { describe, expect, it } from 'vitest';

import { deepWrapUpOnClose, SHUTTING_DOWN } from './deep-wrap-up.ts';

describe('deep requests wrapping up on shutdown', () => {
  it('aborts once the app has been closing for its shutdown bound less the reserve, not before', async () => {
    const app = fastify();
    const signal = deepWrapUpOnClose(app, 1_000);
    let finishRequest = (): void => undefined;
    const inFlight = new Promise<void>((resolve) => {
      finishRequest = resolve;
    });
    // Closing waits for this in-flight request, as it waits for a deep request at its pages.
    app.get('/slow', async (_request, reply) => {
      await inFlight;
      // As the service apps do while draining: the connection closes with the answer.
      return reply.header('connection', 'close').send('done');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const request = fetch(`http://127.0.0.1:${port}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(signal.aborted).toBe(false);
    const closedAt = performance.now();
    const closing = app.close();
    signal.addEventListener('abort', finishRequest);
    await closing;
    const waited = performance.now() - closedAt;
    // 1 s bound, reserve min(1.5 s, half) = 0.5 s.
    expect(waited).toBeGreaterThanOrEqual(480);
    expect(waited).toBeLessThan(1_000);
    expect((signal.reason as Error).message).toBe(SHUTTING_DOWN);
    expect((await request).status).toBe(200);
  });
});
