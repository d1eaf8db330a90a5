import type { FastifyInstance } from 'fastify';

/** Why a deep request stopped waiting for its pages early; the rows say it. */
export const SHUTTING_DOWN = 'the search service was shutting down (a restart or scale-in) before the page was read';

/**
 * Deep requests wait for their pages up to DEEP_DEADLINE_MS (15 s by default), which can be longer
 * than the process's shutdown bound (SHUTDOWN_TIMEOUT_MS, 10 s): a request still waiting then would
 * be cut off with the process. The returned signal aborts once the app has been closing for its
 * bound less a reserve, so deep requests still waiting answer with the pages they have (the rest
 * keep snippet-level scores and say why) and the drain ends in time.
 */
export function deepWrapUpOnClose(app: FastifyInstance, shutdownTimeoutMs: number): AbortSignal {
  const controller = new AbortController();
  // The reserve covers re-ranking, the response and the gateway's hop; at most half the bound.
  const waitMs = Math.max(0, shutdownTimeoutMs - Math.min(1_500, shutdownTimeoutMs / 2));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    timer = setTimeout(() => controller.abort(new Error(SHUTTING_DOWN)), waitMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
  return controller.signal;
}
