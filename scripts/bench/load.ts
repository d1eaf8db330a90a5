/**
 * One autocannon run in this process (the servers run in their own processes, so on a small box
 * the load generator competes for CPU as a real client on the same host would), after a warm-up
 * whose figures are discarded.
 */
import autocannon from 'autocannon';

import type { LoadFigures } from './results.ts';
import { round } from './stats.ts';

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Replace `[<id>]` in the URL or body with a fresh id per request (distinct queries). */
  idReplacement?: boolean;
  /** The answer a 2xx must be; a body it rejects counts as an error. */
  verifyBody?: (body: string) => boolean;
}

export interface LoadShape {
  connections: number;
  durationS: number;
  warmupS: number;
}

export async function load(target: LoadTarget, shape: LoadShape): Promise<LoadFigures> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.idReplacement ? { idReplacement: true } : {}),
    ...(target.verifyBody ? { verifyBody: target.verifyBody } : {}),
    connections: shape.connections,
    duration: shape.durationS,
    timeout: 10,
    ...(shape.warmupS > 0 ? { warmup: { connections: shape.connections, duration: shape.warmupS } } : {}),
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / Math.max(result.duration, 1e-9), 1),
    p50Ms: round(result.latency.p50, 1),
    p99Ms: round(result.latency.p99, 1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts + result.mismatches,
  };
}

/** A verifier that parses JSON and applies a check; anything unparsable fails. */
export const jsonBody =
  (check: (body: unknown) => boolean) =>
  (text: string): boolean => {
    try {
      return check(JSON.parse(text));
    } catch {
      return false;
    }
  };
