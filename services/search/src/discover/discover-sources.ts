import type { ProviderReport, SearchFilters } from '@rankgate/contracts';
import type { Candidate, DiscoverProvider } from './index.ts';
import { ProviderNotConfiguredError, ProviderTimeoutError, ProviderUpstreamError } from './index.ts';
import { ProblemError } from '@rankgate/contracts/problems';

import type { DiscoverCache } from '../domain/discover-cache.ts';
import { discoverProblem } from '../domain/discover-problem.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import { fuseCandidates } from './fuse-candidates.ts';

export const DISCOVER_STRATEGIES = ['parallel', 'fallback'] as const;
export type DiscoverStrategy = (typeof DISCOVER_STRATEGIES)[number];

export interface DiscoverSources {
  providers: readonly DiscoverProvider[];
  /** `parallel` asks every provider at once and fuses; `fallback` asks in order until one has results. */
  strategy?: DiscoverStrategy;
  /** One breaker per provider name (per process); none: every provider is always asked. */
  breakers?: ReadonlyMap<string, CircuitBreaker>;
  cache: DiscoverCache;
  /** Upper bound for one provider's call (each adapter has its own timeout inside). */
  deadlineMs: number;
}

export interface DiscoverAsk {
  query: string;
  maxCandidates: number;
  filters: SearchFilters;
  refresh: boolean;
}

export interface Discovered {
  candidates: Candidate[];
  reports: ProviderReport[];
  /** Every answering provider's list came from the cache. */
  hit: boolean;
  ageSeconds: number;
  /** Providers that failed while others answered. */
  warnings: string[];
}

interface Attempt {
  report: ProviderReport;
  candidates?: Candidate[];
  hit?: boolean;
  ageSeconds?: number;
  error?: unknown;
}

const elapsed = (from: number): number => Math.round((performance.now() - from) * 10) / 10;

function failureStatus(error: unknown): ProviderReport['status'] {
  if (error instanceof ProviderTimeoutError) return 'timeout';
  if (error instanceof ProviderUpstreamError && error.options.status === 429) return 'rate_limited';
  return 'error';
}

/** One provider's answer (cached per provider, so a failed provider never leaves a partial entry behind). */
async function ask(provider: DiscoverProvider, request: DiscoverAsk, sources: DiscoverSources): Promise<Attempt> {
  const breaker = sources.breakers?.get(provider.name);
  if (breaker && !breaker.allows()) {
    const seconds = Math.ceil(breaker.remainingMs() / 1000);
    return {
      report: {
        name: provider.name,
        status: 'cooling_down',
        results: 0,
        ms: 0,
        reason: `recently failing; asked again in ${seconds} s`,
      },
      error: new ProblemError(
        'SERVICE_UNAVAILABLE',
        `The ${provider.name} discover provider is cooling down after failures.`,
        {
          hint: `Retry in ${seconds} s.`,
          headers: { 'retry-after': String(Math.max(1, seconds)) },
        },
      ),
    };
  }
  const started = performance.now();
  const key = sources.cache.key(provider.name, request.query, request.maxCandidates, request.filters);
  // The upstream call is shared by concurrent identical misses, so it must not die with one caller.
  const discover = (): Promise<Candidate[]> =>
    provider.discover(request.query, {
      maxCandidates: request.maxCandidates,
      signal: AbortSignal.timeout(sources.deadlineMs),
      filters: request.filters,
    });
  try {
    const cached = await sources.cache.get(key, discover, { refresh: request.refresh });
    if (!cached.hit) breaker?.succeeded();
    return {
      report: {
        name: provider.name,
        status: 'ok',
        results: cached.candidates.length,
        ms: elapsed(started),
        ...(cached.hit ? { cached: true } : {}),
      },
      candidates: cached.candidates,
      hit: cached.hit,
      ageSeconds: cached.ageSeconds,
    };
  } catch (error) {
    // A missing key is the operator's to fix, not a flaky provider: it does not trip the breaker.
    if (!(error instanceof ProviderNotConfiguredError)) {
      breaker?.failed({
        rateLimited: failureStatus(error) === 'rate_limited',
        ...(error instanceof ProviderUpstreamError && error.options.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.options.retryAfterSeconds }
          : {}),
      });
    }
    const reason = error instanceof Error ? error.message : 'failed';
    return {
      report: { name: provider.name, status: failureStatus(error), results: 0, ms: elapsed(started), reason },
      error,
    };
  }
}

/** When no provider answered: one provider's own problem, or one problem naming each provider's fate. */
function allFailed(attempts: readonly Attempt[]): ProblemError {
  const [only] = attempts;
  if (attempts.length === 1 && only) return discoverProblem(only.error);
  const summary = attempts
    .map(({ report }) => `${report.name} (${report.status}${report.reason ? `: ${report.reason}` : ''})`)
    .join('; ');
  const detail = `Every discover provider failed: ${summary}`;
  const errors = attempts.map((a) => a.error);
  if (errors.every((e) => e instanceof ProviderTimeoutError)) {
    return new ProblemError('UPSTREAM_TIMEOUT', detail, {
      hint: 'Retry with backoff, or with a smaller max_candidates.',
    });
  }
  if (errors.every((e) => e instanceof ProviderNotConfiguredError || e instanceof ProblemError)) {
    const waits = attempts.map((a) =>
      a.error instanceof ProblemError ? Number(a.error.headers?.['retry-after'] ?? 60) : 60,
    );
    return new ProblemError('SERVICE_UNAVAILABLE', detail, {
      hint: 'Retry after the Retry-After delay; the operator may need to configure a provider.',
      headers: { 'retry-after': String(Math.min(...waits)) },
    });
  }
  return new ProblemError('UPSTREAM_ERROR', detail, { hint: 'Retry with exponential backoff.' });
}

/**
 * Stage 1 over every configured provider: asked in parallel (or in order with `fallback`), each
 * answer cached on its own, the lists fused by reciprocal rank. The search answers from the
 * providers that answered; only when none did is it a problem (502, 503 or 504).
 */
export async function discoverFromSources(request: DiscoverAsk, sources: DiscoverSources): Promise<Discovered> {
  let attempts: Attempt[];
  if (sources.strategy === 'fallback') {
    attempts = [];
    for (const provider of sources.providers) {
      const answered = attempts.some((a) => (a.candidates?.length ?? 0) > 0);
      attempts.push(
        answered
          ? {
              report: {
                name: provider.name,
                status: 'skipped',
                results: 0,
                ms: 0,
                reason: 'an earlier provider answered',
              },
            }
          : await ask(provider, request, sources),
      );
    }
  } else {
    attempts = await Promise.all(sources.providers.map((provider) => ask(provider, request, sources)));
  }
  const answered = attempts.filter((a) => a.candidates !== undefined);
  if (answered.length === 0) throw allFailed(attempts);
  const warnings = attempts
    .filter((a) => a.error !== undefined)
    .map(
      ({ report }) =>
        `The ${report.name} provider was not used (${report.status}); results come from ${answered.map((a) => a.report.name).join(', ')}.`,
    );
  return {
    candidates: fuseCandidates(
      answered.map((a) => ({ provider: a.report.name, candidates: a.candidates ?? [] })),
      request.maxCandidates,
    ),
    reports: attempts.map((a) => a.report),
    hit: answered.every((a) => a.hit),
    ageSeconds: Math.max(...answered.map((a) => a.ageSeconds ?? 0)),
    warnings,
  };
}
