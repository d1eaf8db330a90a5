import { randomUUID } from 'node:crypto';

import type { StoreScript } from './redis-scripts.ts';
import { windowState } from './redis-scripts.ts';
import type {
  ExpiryOptions,
  IncrementOptions,
  IncrementUpToResult,
  KeyValueStore,
  WindowOptions,
  WindowState,
} from './store.ts';
import { assertIncrement, assertLimit, assertTtlMs, assertWindow } from './store-arguments.ts';
import { StoreClosedError, StoreValueNotIntegerError } from './store-errors.ts';

/**
 * The atomic operations of the Redis adapters, written once: each is one Lua script (see
 * redis-scripts.ts) that the adapter runs its own way — EVALSHA over a connection, or EVAL over
 * the REST protocol — so both adapters validate, count and refuse identically.
 */
export abstract class ScriptedKeyValueStore implements KeyValueStore {
  protected closed = false;

  protected readonly keyPrefix: string;
  constructor(keyPrefix: string) {
    this.keyPrefix = keyPrefix;
    if (keyPrefix === '') throw new RangeError('keyPrefix must not be empty');
  }

  abstract get(key: string): Promise<string | null>;
  abstract set(key: string, value: string, options?: ExpiryOptions): Promise<void>;
  abstract setIfAbsent(key: string, value: string, options?: ExpiryOptions): Promise<boolean>;
  abstract delete(key: string): Promise<boolean>;
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  /** Runs `script` on the prefixed `key` with `args`; resolves the script's reply. */
  protected abstract runScript(script: StoreScript, fullKey: string, args: (string | number)[]): Promise<unknown>;

  async increment(key: string, { by = 1, ttlMs }: IncrementOptions = {}): Promise<number> {
    this.assertOpen();
    assertIncrement(by);
    assertTtlMs(ttlMs);
    return Number(await this.script('increment', key, [by, ttlMs ?? 0]));
  }

  async incrementUpTo(key: string, limit: number, { ttlMs }: ExpiryOptions = {}): Promise<IncrementUpToResult> {
    this.assertOpen();
    assertLimit(limit);
    assertTtlMs(ttlMs);
    const [allowed, value] = (await this.script('incrementUpTo', key, [limit, ttlMs ?? 0])) as [number, number];
    return { allowed: allowed === 1, value: Number(value) };
  }

  async hitWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, 1);
  }

  async peekWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, 0);
  }

  protected assertOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }

  private async window(key: string, options: WindowOptions, record: 0 | 1): Promise<WindowState> {
    this.assertOpen();
    assertWindow(options);
    const reply = await this.script('window', key, [options.limit, options.windowMs, record, randomUUID()]);
    return windowState(reply as [number, number, number], options.limit);
  }

  /** Runs a script, turning Redis' "not an integer" reply into the port's error. */
  private async script(script: StoreScript, key: string, args: (string | number)[]): Promise<unknown> {
    try {
      return await this.runScript(script, this.keyPrefix + key, args);
    } catch (error) {
      if (error instanceof Error && /not an integer/i.test(error.message)) throw new StoreValueNotIntegerError(key);
      throw error;
    }
  }
}
