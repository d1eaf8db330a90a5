import { randomUUID } from 'node:crypto';

import { JobFailedError } from './errors.ts';
import type { RunWaiter } from './run-waiter.ts';

/** A job as the in-process broker holds it between submit and completion. */
export interface InProcessJob {
  readonly id: string;
  /** The envelope, JSON round-tripped like a real transport would. */
  readonly data: unknown;
  readonly attempts: number;
  readonly backoffMs: number;
  /** Attempts started so far; during an attempt, its 1-based number. */
  attemptsMade: number;
  state: 'waiting' | 'delayed' | 'active';
  readonly waiters: Set<RunWaiter>;
  retryTimer: NodeJS.Timeout | undefined;
}

interface Channel {
  waiting: InProcessJob[];
  /** Jobs not yet finished, by id, so a run with the same id can join one. */
  live: Map<string, InProcessJob>;
  /** Consumers to notify when a job becomes available. */
  consumers: Set<() => void>;
}

export interface SubmitOptions {
  jobId?: string;
  attempts: number;
  backoffMs: number;
}

/**
 * The in-memory stand-in for Redis: producers and consumers created separately find each other
 * through the broker they are given, by queue name. Finished jobs are not retained. It does not
 * validate anything — producers and consumers do — so tests can submit raw data through it.
 */
export class InProcessBroker {
  private readonly channels = new Map<string, Channel>();

  /**
   * Enqueue `data` (no validation) and register `waiter` for the outcome: the raw result, or a
   * JobFailedError. A job with the same id still queued or running is joined instead. Returns the
   * job id. Throws if `data` is not JSON-serialisable.
   */
  submit(queue: string, data: unknown, waiter: RunWaiter, options: SubmitOptions): string {
    const channel = this.channel(queue);
    const existing = options.jobId === undefined ? undefined : channel.live.get(options.jobId);
    if (existing) {
      existing.waiters.add(waiter);
      return existing.id;
    }
    const job: InProcessJob = {
      id: options.jobId ?? randomUUID(),
      data: jsonRoundTrip(data),
      attempts: options.attempts,
      backoffMs: options.backoffMs,
      attemptsMade: 0,
      state: 'waiting',
      waiters: new Set([waiter]),
      retryTimer: undefined,
    };
    channel.live.set(job.id, job);
    this.makeAvailable(channel, job);
    return job.id;
  }

  /** `waiter` stops waiting; a job nobody waits for any more is dropped unless it is running. */
  abandon(queue: string, jobId: string, waiter: RunWaiter): void {
    const channel = this.channel(queue);
    const job = channel.live.get(jobId);
    if (!job) return;
    job.waiters.delete(waiter);
    if (job.waiters.size > 0 || job.state === 'active') return;
    clearTimeout(job.retryTimer);
    channel.live.delete(jobId);
    channel.waiting = channel.waiting.filter((candidate) => candidate !== job);
  }

  /** Subscribe a consumer's pull loop; returns the unsubscribe function. */
  onAvailable(queue: string, pull: () => void): () => void {
    const { consumers } = this.channel(queue);
    consumers.add(pull);
    return () => consumers.delete(pull);
  }

  /** The oldest waiting job, now active with its attempt counted, or undefined. */
  take(queue: string): InProcessJob | undefined {
    const job = this.channel(queue).waiting.shift();
    if (!job) return undefined;
    job.state = 'active';
    job.attemptsMade += 1;
    return job;
  }

  complete(queue: string, job: InProcessJob, result: unknown): void {
    const serialised = jsonRoundTrip(result);
    this.finish(queue, job, (waiter) => waiter.resolve(serialised));
  }

  fail(queue: string, job: InProcessJob, reason: string): void {
    this.finish(queue, job, (waiter) => waiter.reject(new JobFailedError(queue, job.id, reason, job.attemptsMade)));
  }

  /** An active job whose consumer closed goes back to the front of the queue, the attempt uncounted. */
  handBack(queue: string, job: InProcessJob): void {
    const channel = this.channel(queue);
    job.attemptsMade -= 1;
    if (job.waiters.size === 0) {
      channel.live.delete(job.id);
      return;
    }
    job.state = 'waiting';
    channel.waiting.unshift(job);
    for (const pull of [...channel.consumers]) pull();
  }

  /** Jobs by state, as a metrics scrape reads them (see `trackQueueDepth`). */
  depth(queue: string): { wait: number; active: number; delayed: number } {
    const counts = { wait: 0, active: 0, delayed: 0 };
    for (const job of this.channel(queue).live.values()) counts[job.state === 'waiting' ? 'wait' : job.state] += 1;
    return counts;
  }

  /** Put an active job back after `delayMs`, for its next attempt. */
  retryLater(queue: string, job: InProcessJob, delayMs: number): void {
    const channel = this.channel(queue);
    if (job.waiters.size === 0) {
      // Every caller gave up while it ran: a retry would be wasted work.
      channel.live.delete(job.id);
      return;
    }
    job.state = 'delayed';
    job.retryTimer = setTimeout(() => {
      job.retryTimer = undefined;
      this.makeAvailable(channel, job);
    }, delayMs);
  }

  private finish(queue: string, job: InProcessJob, settle: (waiter: RunWaiter) => void): void {
    this.channel(queue).live.delete(job.id);
    for (const waiter of [...job.waiters]) settle(waiter);
  }

  private makeAvailable(channel: Channel, job: InProcessJob): void {
    job.state = 'waiting';
    channel.waiting.push(job);
    for (const pull of [...channel.consumers]) pull();
  }

  private channel(queue: string): Channel {
    let channel = this.channels.get(queue);
    if (!channel) {
      channel = { waiting: [], live: new Map(), consumers: new Set() };
      this.channels.set(queue, channel);
    }
    return channel;
  }
}

/** Create the broker shared by the in-process producers and consumers of one process. */
export function createInProcessBroker(): InProcessBroker {
  return new InProcessBroker();
}

function jsonRoundTrip(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
