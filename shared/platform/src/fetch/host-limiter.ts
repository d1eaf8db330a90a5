/**
 * At most `limit` holders per key (a host name) at a time; the rest wait in order. Waiting ends
 * early, without a slot, when the signal aborts.
 */
export class HostLimiter {
  private readonly active = new Map<string, number>();
  private readonly queues = new Map<string, (() => void)[]>();

  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Resolves with the release function once a slot is free; rejects with the signal's reason. */
  acquire(key: string, signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if ((this.active.get(key) ?? 0) < this.limit) return Promise.resolve(this.take(key));
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(key) ?? [];
      this.queues.set(key, queue);
      const onAbort = (): void => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0) this.queues.delete(key);
        reject(signal.reason);
      };
      const grant = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(this.take(key));
      };
      queue.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Holders and waiters per key, for tests and metrics. */
  load(key: string): { active: number; waiting: number } {
    return { active: this.active.get(key) ?? 0, waiting: this.queues.get(key)?.length ?? 0 };
  }

  private take(key: string): () => void {
    this.active.set(key, (this.active.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.active.get(key) ?? 1) - 1;
      if (left > 0) this.active.set(key, left);
      else this.active.delete(key);
      // The freed slot goes to the oldest waiter at once (synchronously, so nobody jumps the queue).
      const queue = this.queues.get(key);
      const next = queue?.shift();
      if (queue?.length === 0) this.queues.delete(key);
      next?.();
    };
  }
}
