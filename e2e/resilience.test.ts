/**
 * The split topology under process failure: a killed service fails fast behind the gateway, comes
 * back without a gateway restart, and every process shuts down cleanly on SIGTERM. Needs process
 * control, so local topology only. The tests run in order and share one topology.
 */
import { SearchResponseSchema } from '@rankgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServiceName } from '../bin/split-topology.ts';
import { START_ORDER } from '../bin/split-topology.ts';
import type { HttpClient } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const skipReason =
  plan.mode === 'deployment'
    ? 'E2E_BASE_URL points at a deployment; killing and restarting processes needs the local topology'
    : plan.mode === 'skip'
      ? plan.reason
      : undefined;

describe.skipIf(skipReason !== undefined)(
  skipReason ? `resilience — skipped: ${skipReason}` : suiteTitle('resilience', plan),
  () => {
    let target: LocalTarget | undefined;
    let http: HttpClient;
    const processOf = (name: ServiceName) => target!.processes.get(name)!;

    beforeAll(async () => {
      target = await startLocalTarget(plan);
      http = httpClient(target.baseUrl);
    });
    afterAll(async () => {
      await target?.stop();
    });

    it(verifies('RES-HOP-1'), async () => {
      expect((await http.get('/v1/sandbox')).status).toBe(200);
      expect(await processOf('search').stop('SIGKILL')).toBeNull();

      const started = performance.now();
      const response = await http.get('/v1/sandbox');
      const elapsedMs = performance.now() - started;
      expectProblem(response, 503, 'SERVICE_UNAVAILABLE');
      expect(response.headers.get('retry-after')).toBe('1');
      expect(elapsedMs).toBeLessThan(2000);

      // The gateway's own routes do not depend on the search process.
      expect((await http.get('/health')).status).toBe(200);
      expect((await http.get('/v1')).status).toBe(200);
    });

    it(verifies('RES-RECOVER-1', 'gateway pid unchanged'), async () => {
      const gateway = processOf('gateway');
      const gatewayPid = gateway.pid;
      const search = await target!.restart('search');
      expect(search.running).toBe(true);

      const response = await http.get('/v1/sandbox');
      expect(response.status, response.text).toBe(200);
      SearchResponseSchema.parse(response.json);
      expect(processOf('gateway')).toBe(gateway);
      expect(gateway.pid).toBe(gatewayPid);
      expect(gateway.running).toBe(true);
    });

    // Last: it takes the topology down.
    it(verifies('RES-SHUTDOWN-1'), async () => {
      const exitCodes: Record<string, number | null> = {};
      for (const name of [...START_ORDER].reverse()) exitCodes[name] = await processOf(name).stop('SIGTERM');
      expect(exitCodes).toEqual(Object.fromEntries(START_ORDER.map((name) => [name, 0])));
      // Gone for good: nothing answers on the public origin.
      await expect(http.get('/health')).rejects.toThrow();
    });
  },
);
