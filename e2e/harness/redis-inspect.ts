/**
 * Reads what the deployment left in Redis, from outside: a few commands over raw RESP (node:net), so
 * a test can check the page queue's jobs without importing the code under test or a client library.
 */
import { connect } from 'node:net';

type Reply = string | number | null | Reply[];

/** Parses one RESP reply from `buffer` at `offset`; undefined when the buffer does not hold all of it yet. */
function parse(buffer: Buffer, offset: number): { value: Reply; end: number } | undefined {
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd < 0) return undefined;
  const head = buffer.toString('utf8', offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (String.fromCharCode(buffer[offset] ?? 0)) {
    case '+':
      return { value: head, end: next };
    case '-':
      throw new Error(`redis: ${head}`);
    case ':':
      return { value: Number(head), end: next };
    case '$': {
      const length = Number(head);
      if (length < 0) return { value: null, end: next };
      if (buffer.length < next + length + 2) return undefined;
      return { value: buffer.toString('utf8', next, next + length), end: next + length + 2 };
    }
    case '*': {
      const count = Number(head);
      if (count < 0) return { value: null, end: next };
      const items: Reply[] = [];
      let at = next;
      for (let i = 0; i < count; i += 1) {
        const item = parse(buffer, at);
        if (!item) return undefined;
        items.push(item.value);
        at = item.end;
      }
      return { value: items, end: at };
    }
    default:
      throw new Error(`redis: unexpected reply ${head}`);
  }
}

/** Sends one command and resolves with its reply. */
async function redisCommand(redisUrl: string, args: string[]): Promise<Reply> {
  const [reply = null] = await redisPipeline(redisUrl, [args]);
  return reply;
}

/** Sends several commands on one connection and resolves with their replies, in order. */
export function redisPipeline(redisUrl: string, commands: string[][]): Promise<Reply[]> {
  const url = new URL(redisUrl);
  if (commands.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 6379), url.hostname || '127.0.0.1');
    let buffer = Buffer.alloc(0);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error('redis: timeout'));
    });
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        commands
          .map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`)
          .join(''),
      ),
    );
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      try {
        const replies: Reply[] = [];
        let at = 0;
        while (replies.length < commands.length) {
          const reply = parse(buffer, at);
          if (!reply) return;
          replies.push(reply.value);
          at = reply.end;
        }
        socket.end();
        resolve(replies);
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
  });
}

export interface QueueJob {
  id: string;
  state: 'wait' | 'active' | 'completed' | 'failed' | 'delayed';
  /** The job hash: data, opts, atm (attempts made), pb (processed by), failedReason, returnvalue … */
  fields: Record<string, string>;
}

/** Every job of a BullMQ queue under `prefix`, with its state and hash. */
export async function queueJobs(redisUrl: string, prefix: string, queue: string): Promise<QueueJob[]> {
  const key = (suffix: string) => `${prefix}:${queue}:${suffix}`;
  const ids = async (state: QueueJob['state']): Promise<string[]> => {
    const reply =
      state === 'wait' || state === 'active'
        ? await redisCommand(redisUrl, ['LRANGE', key(state), '0', '-1'])
        : await redisCommand(redisUrl, ['ZRANGE', key(state), '0', '-1']);
    return (reply as string[] | null) ?? [];
  };
  const jobs: QueueJob[] = [];
  for (const state of ['wait', 'active', 'completed', 'failed', 'delayed'] as const) {
    for (const id of await ids(state)) {
      const flat = ((await redisCommand(redisUrl, ['HGETALL', key(id)])) as string[] | null) ?? [];
      const fields: Record<string, string> = {};
      for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] ?? ''] = flat[i + 1] ?? '';
      jobs.push({ id, state, fields });
    }
  }
  return jobs;
}
