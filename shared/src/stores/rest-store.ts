import { randomUUID } from 'node:crypto';

import { Redis as RestRedis } from '@upstash/redis';

import { INCREMENT_LUA, INCREMENT_UP_TO_LUA, SLIDING_WINDOW_LUA, windowState } from './redis-scripts.ts';
import type { ExpiryOptions, IncrementOptions, IncrementUpToResult, KeyValueStore, WindowOptions, WindowState } from './store.ts';
import { assertIncrement, assertLimit, assertTtlMs, assertWindow } from './store-arguments.ts';
import { StoreClosedError, StoreValueNotIntegerError } from './store-errors.ts';

export interface RestKeyValueStoreOptions {
  /** The REST endpoint (Upstash-compatible: Upstash, or SRH in front of any Redis). */
  url: string;
  token: string;
  /** Prepended to every key, e.g. `rankgate:`. Required. */
  keyPrefix: string;
  /** Upper bound for one command. Default 1_000 ms, so an outage fails fast (the limiter fails closed). */
  commandTimeoutMs?: number;
}

/**
 * {@link KeyValueStore} over the Redis REST protocol (`POST /` with `["CMD", …args]`, bearer
 * token). The client's conveniences are switched off on purpose: no auto-pipelining (a command is
 * one request, so a failure belongs to one caller), no base64 responses, no retries (the caller
 * decides; a limiter must answer within its bound), no JSON (de)serialisation of values.
 */
export class RestKeyValueStore implements KeyValueStore {
  private readonly client: RestRedis;
  private readonly keyPrefix: string;
  private closed = false;

  constructor({ url, token, keyPrefix, commandTimeoutMs = 1000 }: RestKeyValueStoreOptions) {
    if (keyPrefix === '') throw new RangeError('keyPrefix must not be empty');
    this.keyPrefix = keyPrefix;
    this.client = new RestRedis({
      url,
      token,
      retry: false,
      enableAutoPipelining: false,
      automaticDeserialization: false,
      responseEncoding: false,
      readYourWrites: false,
      enableTelemetry: false,
      keepAlive: true,
      // A function, so each request gets its own deadline (and an abort throws instead of resolving).
      signal: () => AbortSignal.timeout(commandTimeoutMs),
    });
  }

  async get(key: string): Promise<string | null> {
    this.assertOpen();
    const value = await this.client.get<string>(this.keyPrefix + key);
    return value === null ? null : String(value);
  }

  async set(key: string, value: string, { ttlMs }: ExpiryOptions = {}): Promise<void> {
    this.assertOpen();
    assertTtlMs(ttlMs);
    await (ttlMs === undefined ? this.client.set(this.keyPrefix + key, value) : this.client.set(this.keyPrefix + key, value, { px: ttlMs }));
  }

  async setIfAbsent(key: string, value: string, { ttlMs }: ExpiryOptions = {}): Promise<boolean> {
    this.assertOpen();
    assertTtlMs(ttlMs);
    const reply = ttlMs === undefined
      ? await this.client.set(this.keyPrefix + key, value, { nx: true })
      : await this.client.set(this.keyPrefix + key, value, { nx: true, px: ttlMs });
    return reply === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    this.assertOpen();
    return (await this.client.del(this.keyPrefix + key)) > 0;
  }

  async increment(key: string, { by = 1, ttlMs }: IncrementOptions = {}): Promise<number> {
    this.assertOpen();
    assertIncrement(by);
    assertTtlMs(ttlMs);
    return Number(await this.script(key, INCREMENT_LUA, [by, ttlMs ?? 0]));
  }

  async incrementUpTo(key: string, limit: number, { ttlMs }: ExpiryOptions = {}): Promise<IncrementUpToResult> {
    this.assertOpen();
    assertLimit(limit);
    assertTtlMs(ttlMs);
    const [allowed, value] = (await this.script(key, INCREMENT_UP_TO_LUA, [limit, ttlMs ?? 0])) as [number, number];
    return { allowed: allowed === 1, value };
  }

  async hitWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, 1);
  }

  async peekWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, 0);
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.closed = true; // stateless HTTP: nothing to release beyond the shared keep-alive pool
  }

  private async window(key: string, options: WindowOptions, record: 0 | 1): Promise<WindowState> {
    this.assertOpen();
    assertWindow(options);
    const reply = await this.script(key, SLIDING_WINDOW_LUA, [options.limit, options.windowMs, record, randomUUID()]);
    return windowState(reply as [number, number, number], options.limit);
  }

  private async script(key: string, lua: string, args: (string | number)[]): Promise<unknown> {
    try {
      return await this.client.eval(lua, [this.keyPrefix + key], args.map(String));
    } catch (error) {
      if (error instanceof Error && /not an integer/i.test(error.message)) throw new StoreValueNotIntegerError(key);
      throw error;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }
}
