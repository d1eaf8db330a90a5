import type { SearchFilters } from '@rankgate/contracts';
import type { Candidate } from '@rankgate/ranking';

import type { FilterOption } from './filter-params.ts';

export interface DiscoverOptions {
  /** Return at most this many candidates (1-100); page through the API when one call returns fewer. */
  maxCandidates: number;
  /** Aborted when the caller gives up (client gone, request deadline). */
  signal: AbortSignal;
  /** The request's filters, passed upstream in the provider's own form where it has one. */
  filters?: SearchFilters;
}

/**
 * Stage 1 of the pipeline: turns a query into candidates. One adapter per provider, chosen from
 * config at boot. Adapters throw only the errors of ./discover-errors.ts, whose messages never
 * contain a key, a keyed URL or a raw upstream body.
 */
export interface DiscoverProvider {
  /** Stable name shown in `meta.provider` and used in the discover cache key (e.g. `brave`). */
  readonly name: string;
  /** The filter options this provider passes upstream; any other one a request sets earns a warning. */
  readonly honours?: ReadonlySet<FilterOption>;
  discover(query: string, options: DiscoverOptions): Promise<Candidate[]>;
  /** Releases sockets or indexes (optional). */
  close?(): Promise<void>;
}
