import { ProblemError } from '@rankgate/contracts/problems';

import type { AppMetrics } from '../metrics/index.ts';
import type { IncrementUpToResult, KeyValueStore } from '../stores/index.ts';
import type { WindowDecision, WindowLimiter } from './window-limiter.ts';
import { createWindowLimiter, LimiterStoreError } from './window-limiter.ts';

/** Who is searching, as far as the limits care. */
export interface SearchCaller {
  /** `demo` callers also spend the lifetime demo allowance. */
  kind: 'operator' | 'demo' | 'token';
  clientIp: string;
}

/** Logs why a store failure refused a search (the caller gets a 503 problem either way). */
export type StoreFailureLog = (error: unknown, message: string) => void;

export interface SearchAdmission {
  /** Undefined when the burst limiter is off. */
  limiter: WindowLimiter | undefined;
  /**
   * Charges one search: the burst window first, so a refused burst never spends a lifetime demo
   * search, then the demo allowance for the demo key. Resolves with the RateLimit fields to send;
   * rejects with a ProblemError (429 RATE_LIMITED or DEMO_EXHAUSTED, 503 when the store fails).
   */
  admit(caller: SearchCaller, logFailure: StoreFailureLog): Promise<Record<string, string>>;
}

export interface SearchAdmissionOptions {
  store: KeyValueStore;
  /** Searches per client address per minute. */
  perMinute: number;
  /** Lifetime demo searches per client address; 0 turns the allowance off. */
  demoLimit: number;
  metrics?: AppMetrics | undefined;
}

/**
 * The search limits in one place, for every surface that starts a search: the gateway (REST) and
 * the MCP service (`search_web`) charge the same store keys, so REST and MCP together get one
 * allowance per client address. Both fail closed.
 */
export function createSearchAdmission({
  store,
  perMinute,
  demoLimit,
  metrics,
}: SearchAdmissionOptions): SearchAdmission {
  const limiter = createWindowLimiter({ store, policy: { limit: perMinute, windowS: 60 }, metrics });
  const demo = demoLimit > 0 ? createDemoAllowance({ store, limit: demoLimit, metrics }) : undefined;
  return {
    limiter,
    async admit(caller, logFailure) {
      const headers = await admitBurst(limiter, caller.clientIp, logFailure);
      if (caller.kind === 'demo') await demo?.spend(caller.clientIp, logFailure);
      return headers;
    },
  };
}

/**
 * The demo allowance: a lifetime per-IP counter (no expiry) for searches made with the public demo
 * key, shared by every search surface. Other credentials never count. Fails closed like the limiter.
 */
export function createDemoAllowance({
  store,
  limit,
  metrics,
}: {
  store: KeyValueStore;
  limit: number;
  metrics?: AppMetrics | undefined;
}) {
  const record = (decision: 'allowed' | 'limited' | 'error') =>
    metrics?.recordLimiterDecision({ limiter: 'demo_quota', decision });
  return {
    async spend(clientIp: string, logFailure: StoreFailureLog): Promise<void> {
      let result: IncrementUpToResult;
      try {
        result = await store.incrementUpTo(`quota:demo:${clientIp}`, limit);
      } catch (error) {
        record('error');
        logFailure(error, 'demo-quota store failed; refusing (fail closed)');
        throw new ProblemError('SERVICE_UNAVAILABLE', 'The demo allowance cannot be checked right now.', {
          headers: { 'retry-after': '1' },
        });
      }
      record(result.allowed ? 'allowed' : 'limited');
      if (!result.allowed)
        throw new ProblemError('DEMO_EXHAUSTED', `This address has used its ${limit} demo searches.`);
    },
  };
}

/** One burst hit as a policy decision: the RateLimit fields, or the problem that refuses it. */
export async function admitBurst(
  limiter: WindowLimiter,
  clientIp: string,
  logFailure: StoreFailureLog,
): Promise<Record<string, string>> {
  let decision: WindowDecision;
  try {
    decision = await limiter.hit(clientIp);
  } catch (error) {
    if (!(error instanceof LimiterStoreError)) throw error;
    logFailure(error.cause ?? error, 'rate-limit store failed; refusing (fail closed)');
    throw new ProblemError(
      'SERVICE_UNAVAILABLE',
      'The rate limiter cannot reach its store, so searches are refused until it is back.',
      { headers: { 'retry-after': '1' } },
    );
  }
  if (!decision.allowed) {
    const { limit, windowS } = limiter.policy;
    throw new ProblemError(
      'RATE_LIMITED',
      `This address may make ${limit} searches per ${windowS} s; the next one is possible in ${decision.retryAfterS} s.`,
      {
        headers: { ...decision.headers, 'retry-after': String(decision.retryAfterS) },
      },
    );
  }
  return decision.headers;
}
