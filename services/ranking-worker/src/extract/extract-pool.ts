import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import type { ExtractedPage } from './extract-page.ts';

/** What one page may cost to parse and extract. */
interface ExtractBudget {
  /** Wall time from the moment a thread takes the page. */
  timeMs: number;
  /** The thread's V8 heap (old generation), in MiB. */
  memoryMb: number;
}

export interface ExtractPoolOptions extends ExtractBudget {
  /** Threads parsing at once; pages beyond wait for a free one. */
  threads: number;
}

export interface ExtractTask {
  id: number;
  kind: 'html' | 'text';
  text: string;
}

export type ExtractAnswer = { id: number; page: ExtractedPage } | { id: number; error: string } | { ready: true };

/** A page that blew its budget: the caller reports it on that page's row. */
export class ExtractBudgetError extends Error {
  readonly limit: 'time' | 'memory';
  constructor(limit: 'time' | 'memory', message: string) {
    super(message);
    this.limit = limit;
    this.name = 'ExtractBudgetError';
  }
}

export interface PageExtractor {
  extract(kind: 'html' | 'text', text: string): Promise<ExtractedPage>;
  close(): Promise<void>;
}

interface Pending {
  task: ExtractTask;
  resolve(page: ExtractedPage): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy?: Pending & { timer: NodeJS.Timeout };
}

const WORKER_URL = new URL('./extract-worker.ts', import.meta.url);

export const defaultExtractThreads = (): number => Math.max(1, Math.min(4, availableParallelism()));

/**
 * Page parsing off the main thread: a fixed set of worker threads, each page under a time and a
 * heap budget. A page over budget has its thread terminated (and replaced) and fails alone; the
 * event loop that answers /health never runs the parser.
 */
export function createExtractPool(options: ExtractPoolOptions): PageExtractor {
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.ceil(options.memoryMb / 8)),
      },
    });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (answer: ExtractAnswer) => {
      if ('ready' in answer) {
        slot.ready = true;
        pump();
        return;
      }
      const busy = slot.busy;
      if (!busy || busy.task.id !== answer.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      if ('page' in answer) busy.resolve(answer.page);
      else busy.reject(new Error(`page extraction failed: ${answer.error}`));
      pump();
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any crash: the page in hand fails, a fresh thread takes over.
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      retire(
        slot,
        memory
          ? new ExtractBudgetError('memory', `parsing the page needed more than ${options.memoryMb} MiB`)
          : new Error(`page extraction failed: ${error.message}`),
      );
    });
    return slot;
  };

  const retire = (slot: Slot, error: Error): void => {
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.reject(error);
    }
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (!closed) slots.push(spawn());
    pump();
  };

  const pump = (): void => {
    for (const slot of slots) {
      if (!slot.ready || slot.busy || queue.length === 0) continue;
      const pending = queue.shift() as Pending;
      const timer = setTimeout(
        () => retire(slot, new ExtractBudgetError('time', `parsing the page took longer than ${options.timeMs} ms`)),
        options.timeMs,
      );
      slot.busy = { ...pending, timer };
      slot.worker.postMessage(pending.task);
    }
  };

  for (let i = 0; i < options.threads; i += 1) slots.push(spawn());

  return {
    extract(kind, text) {
      if (closed) return Promise.reject(new Error('the extraction pool is closed'));
      return new Promise<ExtractedPage>((resolve, reject) => {
        queue.push({ task: { id: (nextId += 1), kind, text }, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the extraction pool is closed'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          if (slot.busy) {
            clearTimeout(slot.busy.timer);
            slot.busy.reject(new Error('the extraction pool is closed'));
          }
          return slot.worker.terminate();
        }),
      );
    },
  };
}
