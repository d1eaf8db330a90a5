import type { Candidate } from '@rankgate/ranking';

export interface DiscoverOptions {
  /** Return at most this many candidates (1-100); page through the API when one call returns fewer. */
  maxCandidates: number;
  /** Aborted when the caller gives up (client gone, request deadline). */
  signal: AbortSignal;
}

/**
 * Stage 1 of the pipeline: turns a query into candidates. One adapter per provider, chosen from
 * config at boot. Adapters throw only the errors of ./discover-errors.ts, whose messages never
 * contain a key, a keyed URL or a raw upstream body.
 */
export interface DiscoverProvider {
  /** Stable name shown in `meta.provider` and used in the discover cache key (e.g. `brave`). */
  readonly name: string;
  discover(query: string, options: DiscoverOptions): Promise<Candidate[]>;
  /** Releases sockets or indexes (optional). */
  close?(): Promise<void>;
}
