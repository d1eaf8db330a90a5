/** Sends one `notifications/progress` for the request's progress token. */
export type SendProgress = (update: { progress: number; total?: number; message: string }) => Promise<void>;

/**
 * Progress of one tool call. Without a progress token from the client it is silent. With one, it
 * reports each phase the service can observe and, while waiting on the gateway, a heartbeat every
 * `intervalMs`, so a client that extends its timeout on progress keeps waiting for a deep search.
 * Progress values only grow, as the protocol requires.
 */
export class Progress {
  private step = 0;

  private readonly send: SendProgress | undefined;
  private readonly intervalMs: number;
  constructor(send: SendProgress | undefined, intervalMs: number) {
    this.send = send;
    this.intervalMs = intervalMs;
  }

  get enabled(): boolean {
    return this.send !== undefined;
  }

  /** Reports a phase. */
  async report(message: string): Promise<void> {
    await this.send?.({ progress: this.step++, message }).catch(() => undefined);
  }

  /** Reports the last phase, with the total, so a client can show completion. */
  async finish(message: string): Promise<void> {
    const last = this.step++;
    await this.send?.({ progress: last, total: last, message }).catch(() => undefined);
  }

  /** Runs `work`, reporting `message` with the elapsed time every interval until it settles. */
  async during<T>(message: string, work: Promise<T>): Promise<T> {
    if (!this.enabled) return work;
    const started = Date.now();
    const timer = setInterval(() => {
      void this.report(`${message} (${Math.round((Date.now() - started) / 1000)} s)`);
    }, this.intervalMs);
    try {
      return await work;
    } finally {
      clearInterval(timer);
    }
  }
}
