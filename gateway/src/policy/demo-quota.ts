import type { AppMetrics } from '@rankgate/platform/metrics';
import { createDemoAllowance } from '@rankgate/platform/limits';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyRequest } from 'fastify';

/**
 * The demo allowance (`@rankgate/platform/limits`) as a policy stage: a lifetime per-IP counter
 * for searches made with the public demo key, shared by every search surface, so REST and MCP
 * together get `limit` searches per address. Other credentials never count. Fails closed.
 */
export function createDemoQuota({
  store,
  limit,
  metrics,
}: {
  store: KeyValueStore;
  limit: number;
  metrics?: AppMetrics | undefined;
}) {
  const allowance = createDemoAllowance({ store, limit, metrics });
  return async (request: FastifyRequest): Promise<void> => {
    if (request.caller?.kind !== 'demo') return;
    await allowance.spend(request.clientIp, (err, message) => request.log.error({ err }, message));
  };
}
