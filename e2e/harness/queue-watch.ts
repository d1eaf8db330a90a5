/**
 * Follows every job of a BullMQ queue while a test runs, from outside (raw RESP): completed jobs are
 * trimmed after a minute, so a long test samples them as they finish instead of reading them at the
 * end. Each job's last seen state and hash are kept; a job that vanished before reaching a final
 * state (removed by its producer before it started) is marked so.
 */
import type { QueueJob } from './redis-inspect.ts';
import { redisPipeline } from './redis-inspect.ts';

export interface WatchedJob extends QueueJob {
  /** Seen in a list, then gone without being completed or failed: withdrawn by its producer. */
  vanished: boolean;
}

export interface QueueWatch {
  /** Every job seen so far, by id. */
  jobs(): Map<string, WatchedJob>;
  /** Jobs in wait, active, delayed (or prioritized) right now. */
  pending(): Promise<number>;
  /** Take one more sample now (e.g. after the load stopped). */
  sample(): Promise<void>;
  stop(): Promise<void>;
}

const LISTS = ['wait', 'active'] as const;
const SETS = ['delayed', 'completed', 'failed'] as const;
const FINAL = new Set<QueueJob['state']>(['completed', 'failed']);

export function watchQueue(redisUrl: string, prefix: string, queue: string, intervalMs = 750): QueueWatch {
  const key = (suffix: string) => `${prefix}:${queue}:${suffix}`;
  const jobs = new Map<string, WatchedJob>();
  let sampling: Promise<void> = Promise.resolve();

  const sampleOnce = async (): Promise<void> => {
    // One transaction, so a job moving between states is seen in exactly one of them.
    const transaction = await redisPipeline(redisUrl, [
      ['MULTI'],
      ...LISTS.map((state) => ['LRANGE', key(state), '0', '-1']),
      ...SETS.map((state) => ['ZRANGE', key(state), '0', '-1']),
      ['EXEC'],
    ]);
    const replies = (transaction.at(-1) as (string[] | null)[] | null) ?? [];
    const stateOf = new Map<string, QueueJob['state']>();
    [...LISTS, ...SETS].forEach((state, i) => {
      for (const id of replies[i] ?? []) stateOf.set(id, state);
    });
    // Read in full unless already seen in this same final state.
    const toRead = [...stateOf]
      .filter(([id, state]) => !(FINAL.has(state) && jobs.get(id)?.state === state))
      .map(([id]) => id);
    const hashes = await redisPipeline(
      redisUrl,
      toRead.map((id) => ['HGETALL', key(id)]),
    );
    toRead.forEach((id, i) => {
      const flat = (hashes[i] as string[] | null) ?? [];
      const fields: Record<string, string> = {};
      for (let j = 0; j + 1 < flat.length; j += 2) fields[flat[j] ?? ''] = flat[j + 1] ?? '';
      const state = stateOf.get(id) ?? 'wait';
      if (flat.length > 0) jobs.set(id, { id, state, fields, vanished: false });
    });
    // Seen before in a non-final state, and now in no list at all: its producer removed it.
    for (const job of jobs.values()) {
      if (!FINAL.has(job.state) && !stateOf.has(job.id)) job.vanished = true;
    }
  };
  const sample = (): Promise<void> => {
    sampling = sampling.then(sampleOnce, sampleOnce);
    return sampling;
  };
  const timer = setInterval(() => {
    sample().catch(() => undefined);
  }, intervalMs);

  return {
    jobs: () => jobs,
    async pending() {
      const [wait, active, delayed, prioritized] = await redisPipeline(redisUrl, [
        ['LLEN', key('wait')],
        ['LLEN', key('active')],
        ['ZCARD', key('delayed')],
        ['ZCARD', key('prioritized')],
      ]);
      return [wait, active, delayed, prioritized].reduce<number>((sum, n) => sum + Number(n ?? 0), 0);
    },
    sample,
    async stop() {
      clearInterval(timer);
      await sampling.catch(() => undefined);
    },
  };
}
