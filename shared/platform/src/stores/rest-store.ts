import { Redis as RestRedis } from '@upstash/redis';

import type { StoreScript } from './redis-scripts.ts';
import { STORE_SCRIPTS } from './redis-scripts.ts';
import { ScriptedKeyValueStore } from './scripted-store.ts';
import type { ExpiryOptions } from './store.ts';
import { assertTtlMs } from './store-arguments.ts';

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
export class RestKeyValueStore extends ScriptedKeyValueStore {
  private readonly client: RestRedis;

  constructor({ url, token, keyPrefix, commandTimeoutMs = 1000 }: RestKeyValueStoreOptions) {
    super(keyPrefix);
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
    await (ttlMs === undefined
      ? this.client.set(this.keyPrefix + key, value)
      : this.client.set(this.keyPrefix + key, value, { px: ttlMs }));
  }

  async setIfAbsent(key: string, value: string, { ttlMs }: ExpiryOptions = {}): Promise<boolean> {
    this.assertOpen();
    assertTtlMs(ttlMs);
    const reply =
      ttlMs === undefined
        ? await this.client.set(this.keyPrefix + key, value, { nx: true })
        : await this.client.set(this.keyPrefix + key, value, { nx: true, px: ttlMs });
    return reply === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    this.assertOpen();
    return (await this.client.del(this.keyPrefix + key)) > 0;
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.closed = true; // stateless HTTP: nothing to release beyond the shared keep-alive pool
  }

  protected runScript(script: StoreScript, fullKey: string, args: (string | number)[]): Promise<unknown> {
    return this.client.eval(STORE_SCRIPTS[script], [fullKey], args.map(String));
  }
}
