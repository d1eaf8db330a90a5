import type { KeyValueStore } from '@rankgate/platform/stores';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { errors } from 'oidc-provider';

/** Clients registered dynamically are forgotten after this long (an open endpoint must not grow the store forever). */
const DEFAULT_TTL_S = 30 * 24 * 3600;

interface Stored {
  payload: AdapterPayload;
  /** Epoch ms, so a rewrite (consume) keeps the remaining lifetime. */
  expiresAt: number;
}

export interface StoreAdapterOptions {
  store: KeyValueStore;
  /**
   * Called when the provider revokes a grant (e.g. a reused authorization code): revoke what it issued outside the
   * store.
   */
  onGrantRevoked(grantId: string): Promise<void>;
}

/**
 * oidc-provider's persistence on our key/value port: the same code keeps clients, codes,
 * interactions and sessions in memory (embedded) or in Redis (split, shared by replicas).
 * Consuming a code is atomic (`setIfAbsent`), so two racing redemptions cannot both succeed.
 */
class StoreAdapter implements Adapter {
  private readonly model: string;
  private readonly options: StoreAdapterOptions;
  constructor(model: string, options: StoreAdapterOptions) {
    this.model = model;
    this.options = options;
  }

  private key(id: string): string {
    return `auth:oidc:${this.model}:${id}`;
  }

  private get store(): KeyValueStore {
    return this.options.store;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const ttlMs = (expiresIn ?? DEFAULT_TTL_S) * 1000;
    const stored: Stored = { payload, expiresAt: Date.now() + ttlMs };
    await this.store.set(this.key(id), JSON.stringify(stored), { ttlMs });
    const index = { ttlMs };
    if (payload.uid && this.model === 'Session') await this.store.set(`auth:oidc:uid:${payload.uid}`, id, index);
    if (payload.userCode) await this.store.set(`auth:oidc:user-code:${payload.userCode}`, id, index);
    if (payload.grantId) {
      const grantKey = `auth:oidc:grant:${payload.grantId}`;
      const members = new Set(JSON.parse((await this.store.get(grantKey)) ?? '[]') as string[]);
      members.add(this.key(id));
      await this.store.set(grantKey, JSON.stringify([...members]), index);
    }
  }

  private async read(key: string): Promise<Stored | undefined> {
    const text = await this.store.get(key);
    return text === null ? undefined : (JSON.parse(text) as Stored);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return (await this.read(this.key(id)))?.payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = await this.store.get(`auth:oidc:uid:${uid}`);
    return id === null ? undefined : this.find(id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const id = await this.store.get(`auth:oidc:user-code:${userCode}`);
    return id === null ? undefined : this.find(id);
  }

  async consume(id: string): Promise<void> {
    const key = this.key(id);
    const stored = await this.read(key);
    const ttlMs = stored ? Math.max(1000, stored.expiresAt - Date.now()) : 60_000;
    if (!(await this.store.setIfAbsent(`${key}:consumed`, '1', { ttlMs }))) {
      // Lost a race with another redemption of the same code: treat it as reuse.
      if (stored?.payload.grantId) await this.revokeByGrantId(stored.payload.grantId);
      throw new errors.InvalidGrant('authorization code already consumed');
    }
    if (!stored) return;
    stored.payload.consumed = Math.floor(Date.now() / 1000);
    await this.store.set(key, JSON.stringify(stored), { ttlMs });
  }

  async destroy(id: string): Promise<void> {
    await this.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const grantKey = `auth:oidc:grant:${grantId}`;
    const members = JSON.parse((await this.store.get(grantKey)) ?? '[]') as string[];
    await Promise.all(members.map((key) => this.store.delete(key)));
    await this.store.delete(grantKey);
    if (this.model === 'AccessToken') await this.options.onGrantRevoked(grantId);
  }
}

export function storeAdapterFactory(options: StoreAdapterOptions): AdapterFactory {
  return (model) => new StoreAdapter(model, options);
}
