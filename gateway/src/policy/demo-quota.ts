import { ProblemError } from '@rankgate/shared/problems';
import type { IncrementUpToResult, KeyValueStore } from '@rankgate/shared/stores';
import type { FastifyRequest } from 'fastify';

/**
 * The demo allowance: a lifetime per-IP counter (no expiry) for searches made with the public demo
 * key, shared by every search surface, so REST and MCP together get `limit` searches per address.
 * Other credentials never count. Fails closed like the limiter.
 */
export function createDemoQuota({ store, limit }: { store: KeyValueStore; limit: number }) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.caller?.kind !== 'demo') return;
    let result: IncrementUpToResult;
    try {
      result = await store.incrementUpTo(`quota:demo:${request.clientIp}`, limit);
    } catch (error) {
      request.log.error({ err: error }, 'demo-quota store failed; refusing (fail closed)');
      throw new ProblemError('SERVICE_UNAVAILABLE', 'The demo allowance cannot be checked right now.', { headers: { 'retry-after': '1' } });
    }
    if (!result.allowed) {
      throw new ProblemError('DEMO_EXHAUSTED', `This address has used its ${limit} demo searches.`);
    }
  };
}
