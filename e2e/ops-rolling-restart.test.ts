/**
 * A rolling restart of the split topology under bounded load: each service in turn gets SIGTERM
 * and a fresh process on the same port while clients keep searching through the gateway, then
 * the gateway itself. One process per service (what `npm run start:split` and compose run), so
 * a restart leaves a gap; what must hold is that nothing fails in an undocumented way:
 *   - every answer is 200 or the documented 503 SERVICE_UNAVAILABLE (a service being replaced);
 *   - a request in flight when SIGTERM arrives completes (the process drains before exiting);
 *   - each process exits 0 within its shutdown bound;
 *   - a connection fails only while the single gateway is being replaced (nothing listens then;
 *     with two or more gateway replicas behind a load balancer, as in infra/k8s, nothing fails).
 * Deep jobs across the same roll: e2e/ops-rolling-restart-deep.test.ts (OPS-ROLL-2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServiceName } from '../bin/split-topology.ts';
import { ManagedProcess } from '../bin/split-topology.ts';
import { FAKE_BRAVE_KEY } from './harness/fake-brave.ts';
import type { RecordingProvider } from './harness/recording-provider.ts';
import { startRecordingProvider } from './harness/recording-provider.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const skipReason =
  plan.mode === 'deployment'
    ? 'E2E_BASE_URL points at a deployment; restarting processes needs the local topology'
    : plan.mode === 'skip'
      ? plan.reason
      : undefined;

/** Provider latency: long enough that requests are inside search when it is signalled. */
const PROVIDER_LATENCY_MS = 250;
const CLIENTS = 6;
const SHUTDOWN_TIMEOUT_MS = 5000;
/** The services first, the gateway last: the order an operator rolls an upgrade. */
const ROLL_ORDER: readonly ServiceName[] = ['search', 'auth-server', 'mcp', 'ranking-worker', 'gateway'];

interface Outcome {
  started: number;
  ended: number;
  status: number | 'connection-error';
  code?: string;
  retryAfter?: string | null;
}

interface Restart {
  name: ServiceName;
  signalledAt: number;
  exitedAt: number;
  readyAt: number;
  exitCode: number | null;
}

describe.skipIf(skipReason !== undefined)(
  skipReason ? `operations: rolling restart — skipped: ${skipReason}` : suiteTitle('operations: rolling restart', plan),
  () => {
    let provider: RecordingProvider;
    let target: LocalTarget;

    beforeAll(async () => {
      provider = await startRecordingProvider({ latencyMs: PROVIDER_LATENCY_MS });
      target = await startLocalTarget(plan, {
        DISCOVER_PROVIDER: 'brave',
        BRAVE_BASE_URL: provider.url,
        BRAVE_API_KEY: FAKE_BRAVE_KEY,
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        LOG_LEVEL: 'warn',
      });
    });
    afterAll(async () => {
      await target?.stop();
      await provider?.close();
    });

    it(
      verifies('OPS-ROLL-1'),
      async () => {
        const outcomes: Outcome[] = [];
        const restarts: Restart[] = [];
        let running = true;
        let sequence = 0;
        /** Start times of the requests on their way right now. */
        const active = new Set<number>();

        const client = async (): Promise<void> => {
          while (running) {
            sequence += 1;
            // nocache: every search reaches the provider, so it spends its time inside search.
            const url = `${target.baseUrl}/v1/search?q=ocean+tides+${sequence % 50}&k=3&nocache=true`;
            const started = performance.now();
            active.add(started);
            try {
              const response = await fetch(url, {
                headers: operatorHeaders(target),
                signal: AbortSignal.timeout(15_000),
              });
              const text = await response.text();
              const code = response.status === 200 ? undefined : (JSON.parse(text) as { code?: string }).code;
              outcomes.push({
                started,
                ended: performance.now(),
                status: response.status,
                code,
                retryAfter: response.headers.get('retry-after'),
              });
              // A polite client backs off on 503 (bounded load; Retry-After says 1 s, a short pause is enough here).
              if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
            } catch {
              outcomes.push({ started, ended: performance.now(), status: 'connection-error' });
              await new Promise((resolve) => setTimeout(resolve, 50));
            } finally {
              active.delete(started);
            }
          }
        };
        const clients = Array.from({ length: CLIENTS }, client);
        await new Promise((resolve) => setTimeout(resolve, 1000));

        for (const name of ROLL_ORDER) {
          const old = target.processes.get(name);
          const spec = target.specs.get(name);
          if (!old || !spec) throw new Error(`no process ${name}`);
          // Signal while a search is well on its way (inside search, waiting on the provider).
          await expect
            .poll(() => [...active].some((started) => performance.now() - started > 120), { timeout: 5000 })
            .toBe(true);
          const signalledAt = performance.now();
          const exitCode = await old.stop('SIGTERM');
          const exitedAt = performance.now();
          const fresh = new ManagedProcess(spec);
          await fresh.start();
          target.processes.set(name, fresh);
          restarts.push({ name, signalledAt, exitedAt, readyAt: performance.now(), exitCode });
          // Let the load settle on the new process before the next one rolls.
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        running = false;
        await Promise.all(clients);

        // Which restart a request overlapped (a request may straddle at most one here).
        const during = (o: Outcome): Restart | undefined =>
          restarts.find((r) => o.started < r.readyAt && o.ended > r.signalledAt);
        const unexpected = outcomes.filter((o) => {
          if (o.status === 200) return false;
          const restart = during(o);
          if (o.status === 'connection-error') return restart?.name !== 'gateway';
          // A service being replaced: the gateway's documented 503, or the closing gateway's own 503.
          return !(
            o.status === 503 &&
            restart !== undefined &&
            (o.code === 'SERVICE_UNAVAILABLE' || restart.name === 'gateway')
          );
        });
        const summary = {
          requests: outcomes.length,
          ok: outcomes.filter((o) => o.status === 200).length,
          documented503: outcomes.filter((o) => o.status === 503).length,
          connectionErrors: outcomes.filter((o) => o.status === 'connection-error').length,
          restarts: restarts.map((r) => ({
            name: r.name,
            exitCode: r.exitCode,
            drainMs: Math.round(r.exitedAt - r.signalledAt),
            gapMs: Math.round(r.readyAt - r.signalledAt),
          })),
        };
        console.warn(`rolling restart: ${JSON.stringify(summary)}`);

        expect(unexpected, JSON.stringify(summary)).toEqual([]);
        expect(summary.ok).toBeGreaterThan(CLIENTS * 5);
        // The service's 503s carry Retry-After, so a client knows when to come back.
        for (const o of outcomes.filter((x) => x.code === 'SERVICE_UNAVAILABLE')) expect(o.retryAfter).toBe('1');
        for (const restart of restarts) {
          expect(restart.exitCode, `${restart.name} exit code`).toBe(0);
          expect(
            restart.exitedAt - restart.signalledAt,
            `${restart.name} exits within its shutdown bound`,
          ).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2000);
          // Requests well inside a process when it was signalled were drained, not cut off.
          const inFlight = outcomes.filter(
            (o) => o.started < restart.signalledAt - 100 && o.ended > restart.signalledAt,
          );
          if (restart.name === 'search' || restart.name === 'gateway')
            expect(inFlight.length, `requests in flight when ${restart.name} was signalled`).toBeGreaterThan(0);
          for (const o of inFlight) expect(o.status, `in flight at ${restart.name}'s SIGTERM`).toBe(200);
        }
        // Services not on the search path restart without the searches noticing.
        for (const name of ['auth-server', 'mcp', 'ranking-worker'] as const) {
          expect(
            outcomes.filter((o) => o.status !== 200 && during(o)?.name === name),
            name,
          ).toEqual([]);
        }
        // Everything serves again afterwards.
        const after = await fetch(`${target.baseUrl}/v1/search?q=ocean+tides&k=3`, {
          headers: operatorHeaders(target),
        });
        expect(after.status).toBe(200);
      },
      120_000,
    );
  },
);
