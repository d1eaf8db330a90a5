import { createHash } from 'node:crypto';

import type { SearchFilters } from '@rankgate/contracts';
import type { Candidate } from '@rankgate/ranking';
import { CandidateSchema } from '@rankgate/ranking';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { z } from 'zod';

const EntrySchema = z.object({ stored_at: z.number(), candidates: z.array(CandidateSchema) });

export interface CachedDiscover {
  candidates: Candidate[];
  hit: boolean;
  /** Seconds since the entry was stored (0 for a fresh fetch). */
  ageSeconds: number;
}

export interface DiscoverCacheOptions {
  store: KeyValueStore;
  ttlMs: number;
  now?: () => number;
  /** Told about a store failure; the cache then behaves as a miss (it is an optimisation). */
  onStoreError?: (error: unknown) => void;
  /** Told the result of each lookup (metrics): `refresh` is nocache=true, which skips the read. */
  onLookup?: (result: 'hit' | 'miss' | 'refresh') => void;
}

/** Same query in other spacing or case is the same entry. */
export const normaliseQuery = (query: string): string =>
  query.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Discover payloads, cached per (provider, normalised query, max_candidates, filters) for a short TTL:
 * one provider's whole answer per entry, so a search that lost one provider never caches as if complete.
 * `refresh` (nocache=true) skips the read and rewrites the entry. Identical concurrent misses
 * share one upstream call.
 */
export class DiscoverCache {
  private readonly inFlight = new Map<string, Promise<Candidate[]>>();
  private readonly now: () => number;

  private readonly options: DiscoverCacheOptions;
  constructor(options: DiscoverCacheOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** Filters are part of the key (a filtered answer is another answer); none keeps the unfiltered key. */
  key(provider: string, query: string, maxCandidates: number, filters: SearchFilters = {}): string {
    const scoped =
      Object.keys(filters).length > 0 ? `${normaliseQuery(query)}\n${JSON.stringify(filters)}` : normaliseQuery(query);
    const digest = createHash('sha256').update(scoped).digest('base64url').slice(0, 32);
    return `discover:${provider}:${maxCandidates}:${digest}`;
  }

  async get(
    key: string,
    fetch: () => Promise<Candidate[]>,
    { refresh }: { refresh: boolean },
  ): Promise<CachedDiscover> {
    if (!refresh) {
      const cached = await this.read(key);
      this.options.onLookup?.(cached ? 'hit' : 'miss');
      if (cached)
        return {
          candidates: cached.candidates,
          hit: true,
          ageSeconds: Math.max(0, Math.floor((this.now() - cached.stored_at) / 1000)),
        };
    } else {
      this.options.onLookup?.('refresh');
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchAndStore(key, fetch).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { candidates: await pending, hit: false, ageSeconds: 0 };
  }

  private async fetchAndStore(key: string, fetch: () => Promise<Candidate[]>): Promise<Candidate[]> {
    const candidates = await fetch();
    try {
      await this.options.store.set(key, JSON.stringify({ stored_at: this.now(), candidates }), {
        ttlMs: this.options.ttlMs,
      });
    } catch (error) {
      this.options.onStoreError?.(error);
    }
    return candidates;
  }

  private async read(key: string): Promise<z.infer<typeof EntrySchema> | undefined> {
    try {
      const raw = await this.options.store.get(key);
      if (raw === null) return undefined;
      const parsed = EntrySchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch (error) {
      this.options.onStoreError?.(error);
      return undefined;
    }
  }
}
