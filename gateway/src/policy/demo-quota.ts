import { ProblemError } from '@rankgate/contracts/problems';
import type { AppMetrics } from '@rankgate/platform/metrics';
import type { IncrementUpToResult, KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyRequest } from 'fastify';

/**
 * The demo allowance: a lifetime per-IP counter (no expiry) for searches made with the public demo
 * key, shared by every search surface, so REST and MCP together get `limit` searches per address.
 * Other credentials never count. Fails closed like the limiter.
 */
export function createDemoQuota({ store, limit, metrics }: { store: KeyValueStore; limit: number; metrics?: AppMetrics | undefined }) {
  const record = (decision: 'allowed' | 'limited' | 'error') => metrics?.recordLimiterDecision({ limiter: 'demo_quota', decision });
  return async (request: FastifyRequest): Promise<void> => {
    if (request.caller?.kind !== 'demo') return;
    let result: IncrementUpToResult;
    try {
      result = await store.incrementUpTo(`quota:demo:${request.clientIp}`, limit);
    } catch (error) {
      record('error');
      request.log.error({ err: error }, 'demo-quota store failed; refusing (fail closed)');
      throw new ProblemError('SERVICE_UNAVAILABLE', 'The demo allowance cannot be checked right now.', { headers: { 'retry-after': '1' } });
    }
    record(result.allowed ? 'allowed' : 'limited');
    if (!result.allowed) {
      throw new ProblemError('DEMO_EXHAUSTED', `This address has used its ${limit} demo searches.`);
    }
  };
}
