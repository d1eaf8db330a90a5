/**
 * OPS-ROLL-2: a rolling restart of every service of the split topology, ranking-worker included,
 * while clients keep running deep searches (pages from a fake web on 127.0.0.1, some slow, some
 * failing once). What must hold for every page job:
 *   - it completes (a transient failure retried to completion), or it ends as a typed failure that
 *     its response row reports: nothing silently dropped;
 *   - it runs once, or again only as a recorded retry or hand-back: no page is read twice for
 *     nothing, no job is left stalled in Redis;
 * and for the requests: 200 or the documented 503s and refused connections of OPS-ROLL-1, every
 * process exiting 0 within its shutdown bound.
 *
 * The moments are chosen to hurt: search is signalled while a request waits for a slow page (it
 * must answer before its own bound, saying why the page is missing), the ranking-worker while it
 * reads a slow page (it hands the job back; the next worker reads it), the gateway while deep
 * requests pass through it. The settings are the defaults' proportions: the deep deadline (15 s)
 * is longer than a service's shutdown bound; the gateway's bound covers a deep request, as
 * docs/operations.md asks.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { SearchResponse } from '@rankgate/contracts';
import { PAGE_QUEUE_NAME, SearchResponseSchema } from '@rankgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServiceName } from '../bin/split-topology.ts';
import { ManagedProcess } from '../bin/split-topology.ts';
import type { FakePage, FakeWeb } from './harness/fake-web.ts';
import { FAKE_WEB_KEY, startFakeWeb, tidePage } from './harness/fake-web.ts';
import type { QueueWatch, WatchedJob } from './harness/queue-watch.ts';
import { watchQueue } from './harness/queue-watch.ts';
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

const DEEP_DEADLINE_MS = 15_000;
/** A service's shutdown bound, below the deep deadline (as 10 s is below 15 s by default). */
const SERVICE_SHUTDOWN_MS = 4_000;
/** The gateway's bound covers a whole deep request (docs/operations.md § Shutdown and upgrades). */
const GATEWAY_SHUTDOWN_MS = DEEP_DEADLINE_MS + 5_000;
const CLIENTS = 3;
const SLOW_PAGE_MS = 6_000;
const ROLL_ORDER: readonly ServiceName[] = ['search', 'auth-server', 'mcp', 'ranking-worker', 'gateway'];

interface PlannedPage {
  page: FakePage;
  slow: boolean;
  flaky: boolean;
}

interface DeepRequest {
  n: number;
  requestId: string;
  pages: PlannedPage[];
  started: number;
  ended: number;
  status: number | 'connection-error';
  code?: string;
  body?: SearchResponse;
}

interface Restart {
  name: ServiceName;
  signalledAt: number;
  exitedAt: number;
  readyAt: number;
  exitCode: number | null;
}

/** Four pages per query: quick ones, every second query a slow one, every third a page that fails once. */
function pagesFor(n: number): PlannedPage[] {
  const slow = n % 2 === 0;
  const flakyIndex = n % 3 === 0 ? 1 : -1;
  return [150, 400, 800, slow ? SLOW_PAGE_MS : 500].map((delayMs, i) => {
    const flaky = i === flakyIndex;
    const page = { ...tidePage(1_000 + n * 10 + i, { delayMs }), ...(flaky ? { failFirst: 1 } : {}) };
    return { page, slow: slow && i === 3, flaky };
  });
}

interface JobView {
  requestId: string;
  path: string;
  job: WatchedJob;
  attemptsMade: number;
  attemptsStarted: number;
  stalled: number;
}

function viewOf(job: WatchedJob): JobView {
  const data = JSON.parse(job.fields.data ?? '{}') as {
    payload?: { request_id?: string; candidate?: { url?: string } };
  };
  return {
    requestId: data.payload?.request_id ?? '',
    path: new URL(data.payload?.candidate?.url ?? 'http://x/').pathname,
    job,
    attemptsMade: Number(job.fields.atm ?? 0),
    attemptsStarted: Number(job.fields.ats ?? 0),
    stalled: Number(job.fields.stc ?? 0),
  };
}

describe.skipIf(skipReason !== undefined)(
  skipReason
    ? `operations: rolling restart with deep jobs — skipped: ${skipReason}`
    : suiteTitle('operations: rolling restart with deep jobs', plan),
  () => {
    let web: FakeWeb;
    let target: LocalTarget;
    let watch: QueueWatch;

    beforeAll(async () => {
      web = await startFakeWeb();
      target = await startLocalTarget(
        plan,
        {
          DISCOVER_PROVIDER: 'brave',
          BRAVE_BASE_URL: web.origin,
          BRAVE_API_KEY: FAKE_WEB_KEY,
          FETCH_ALLOW_HOSTS: '127.0.0.1',
          FETCH_ALLOWED_PORTS: `80,443,${web.port}`,
          FETCH_PER_HOST_CONCURRENCY: '24',
          DEEP_DEADLINE_MS: String(DEEP_DEADLINE_MS),
          SHUTDOWN_TIMEOUT_MS: String(SERVICE_SHUTDOWN_MS),
          LOG_LEVEL: 'warn',
        },
        { gateway: { SHUTDOWN_TIMEOUT_MS: String(GATEWAY_SHUTDOWN_MS) } },
      );
      const prefix = `${target.specs.get('search')?.env.REDIS_KEY_PREFIX ?? ''}bull`;
      watch = watchQueue(plan.mode === 'local' ? plan.redisUrl : '', prefix, PAGE_QUEUE_NAME);
    });
    afterAll(async () => {
      await watch?.stop();
      await target?.stop();
      await web?.close();
    });

    it(
      verifies('OPS-ROLL-2'),
      async () => {
        const requests: DeepRequest[] = [];
        const restarts: Restart[] = [];
        const inFlight = new Set<DeepRequest>();
        let running = true;
        let sequence = 0;

        const client = async (): Promise<void> => {
          while (running) {
            sequence += 1;
            const n = sequence;
            const query = `what causes ocean tides, question ${n}`;
            const pages = pagesFor(n);
            web.publish(
              query,
              pages.map((p) => p.page),
            );
            const request: DeepRequest = {
              n,
              requestId: `roll2-${n}-${randomUUID()}`,
              pages,
              started: performance.now(),
              ended: 0,
              status: 'connection-error',
            };
            inFlight.add(request);
            try {
              const response = await fetch(
                `${target.baseUrl}/v1/search?${new URLSearchParams({ q: query, mode: 'deep', k: '10' })}`,
                {
                  headers: { ...operatorHeaders(target), 'x-request-id': request.requestId },
                  signal: AbortSignal.timeout(DEEP_DEADLINE_MS + 25_000),
                },
              );
              const text = await response.text();
              request.status = response.status;
              if (response.status === 200) request.body = SearchResponseSchema.parse(JSON.parse(text));
              else request.code = (JSON.parse(text) as { code?: string }).code;
            } catch {
              request.status = 'connection-error';
            } finally {
              request.ended = performance.now();
              inFlight.delete(request);
              requests.push(request);
            }
            if (request.status !== 200) await sleep(250); // a polite client backs off
          }
        };
        const clients = Array.from({ length: CLIENTS }, client);
        await sleep(2_000);

        /** A slow page being read right now, started recently enough that it cannot finish within the bound. */
        const slowPageJustStarted = (): boolean =>
          web
            .inFlight()
            .some(
              ({ path, since }) =>
                [...inFlight].some((r) => r.pages.some((p) => p.slow && p.page.path === path)) &&
                performance.now() - since < 1_500,
            );
        const ready: Partial<Record<ServiceName, () => boolean>> = {
          search: slowPageJustStarted,
          'ranking-worker': slowPageJustStarted,
          gateway: () => [...inFlight].some((r) => performance.now() - r.started > 300),
        };

        for (const name of ROLL_ORDER) {
          const old = target.processes.get(name);
          const spec = target.specs.get(name);
          if (!old || !spec) throw new Error(`no process ${name}`);
          const when = ready[name];
          if (when)
            await expect
              .poll(when, { timeout: 20_000, interval: 50, message: `the moment to signal ${name}` })
              .toBe(true);
          const signalledAt = performance.now();
          const exitCode = await old.stop('SIGTERM');
          const exitedAt = performance.now();
          const fresh = new ManagedProcess(spec);
          await fresh.start();
          target.processes.set(name, fresh);
          restarts.push({ name, signalledAt, exitedAt, readyAt: performance.now(), exitCode });
          await sleep(1_500);
        }
        running = false;
        await Promise.all(clients);
        // Jobs whose requests stopped waiting may still be running: let the queue drain, then read it once more.
        await expect.poll(() => watch.pending(), { timeout: 30_000, interval: 250 }).toBe(0);
        await watch.sample();

        // ---- the requests ----
        const restartOf = (name: ServiceName) => restarts.find((r) => r.name === name);
        const overlaps = (r: DeepRequest, name: ServiceName): boolean => {
          const restart = restartOf(name);
          return restart !== undefined && r.started < restart.readyAt && r.ended > restart.signalledAt;
        };
        const unexpected = requests.filter((r) => {
          if (r.status === 200) return false;
          if (r.status === 'connection-error' || r.status === 503) {
            // Nothing listens while the single gateway is replaced; a service being replaced is a documented 503.
            if (overlaps(r, 'gateway')) return false;
            return !(r.status === 503 && r.code === 'SERVICE_UNAVAILABLE' && overlaps(r, 'search'));
          }
          return true;
        });
        const answered = requests.filter((r) => r.status === 200);

        // ---- each page of each answer, against its job in Redis ----
        const jobs = [...watch.jobs().values()].map(viewOf);
        const jobOf = new Map(jobs.map((view) => [`${view.requestId} ${view.path}`, view]));
        const problems: string[] = [];
        const rows = { judged: 0, notRead: 0, notReadReasons: new Map<string, number>() };
        for (const request of answered) {
          const body = request.body;
          if (!body) continue;
          for (const { page, slow, flaky } of request.pages) {
            const url = `${web.origin}${page.path}`;
            const row = body.results.find((result) => result.url === url);
            const view = jobOf.get(`${request.requestId} ${page.path}`);
            const where = `request ${request.n} ${page.path}${slow ? ' (slow)' : ''}${flaky ? ' (flaky)' : ''}`;
            if (!row?.page) {
              problems.push(`${where}: no row with a page status in the answer`);
              continue;
            }
            if (row.page.status === 'judged') {
              rows.judged += 1;
              const result = JSON.parse(view?.job.fields.returnvalue ?? 'null') as { outcome?: string } | null;
              if (view?.job.state !== 'completed' || result?.outcome !== 'read')
                problems.push(`${where}: judged, but its job is ${view?.job.state ?? 'missing'}`);
              // A page failing once was retried to completion: two counted attempts, two requests.
              if (flaky && (view?.attemptsMade !== 2 || web.hits(page.path) !== 2))
                problems.push(`${where}: judged after ${view?.attemptsMade} attempts, ${web.hits(page.path)} requests`);
              continue;
            }
            // Not read: a typed status with a reason, only where a restart explains it.
            rows.notRead += 1;
            const reason = row.page.reason ?? '';
            rows.notReadReasons.set(
              `${row.page.status}: ${reason.replace(/\d+ ms/g, 'N ms')}`,
              (rows.notReadReasons.get(`${row.page.status}: ${reason.replace(/\d+ ms/g, 'N ms')}`) ?? 0) + 1,
            );
            if (row.page.status !== 'deadline' || reason === '')
              problems.push(`${where}: ${row.page.status} (${reason})`);
            if (!overlaps(request, 'search') && !overlaps(request, 'ranking-worker'))
              problems.push(`${where}: not read (${reason}) with no search or worker restart during the request`);
            // Its job was withdrawn before it started (never fetched), or ended on its own.
            if (view && !view.job.vanished && view.job.state !== 'completed' && view.job.state !== 'failed')
              problems.push(`${where}: job left ${view.job.state}`);
            if (!view && web.hits(page.path) > 0) problems.push(`${where}: fetched, but no job was seen`);
          }
        }

        // ---- every job: finished, never stalled, never read more often than it was started ----
        const requestIds = new Set(requests.map((r) => r.requestId));
        for (const view of jobs) {
          const where = `job ${view.job.id} (${view.path})`;
          if (!requestIds.has(view.requestId)) problems.push(`${where}: belongs to no request of this test`);
          if (!view.job.vanished && view.job.state !== 'completed' && view.job.state !== 'failed')
            problems.push(`${where}: left ${view.job.state}`);
          if (view.job.vanished && web.hits(view.path) > 0)
            problems.push(`${where}: withdrawn after its page was requested`);
          if (view.stalled > 0) problems.push(`${where}: stalled ${view.stalled} time(s) (a worker lost it)`);
          if (view.job.state === 'failed' && !/deadline/.test(view.job.fields.failedReason ?? ''))
            problems.push(`${where}: failed: ${view.job.fields.failedReason}`);
          if (web.hits(view.path) > view.attemptsStarted)
            problems.push(
              `${where}: page requested ${web.hits(view.path)} times in ${view.attemptsStarted} attempt(s)`,
            );
        }

        const handedBack = jobs.filter((v) => v.attemptsStarted > v.attemptsMade && !v.job.vanished);
        const summary = {
          requests: requests.length,
          answered: answered.length,
          documented503: requests.filter((r) => r.status === 503).length,
          connectionErrors: requests.filter((r) => r.status === 'connection-error').length,
          pages: { judged: rows.judged, notRead: rows.notRead, reasons: Object.fromEntries(rows.notReadReasons) },
          jobs: {
            seen: jobs.length,
            completed: jobs.filter((v) => v.job.state === 'completed').length,
            failed: jobs.filter((v) => v.job.state === 'failed' && !v.job.vanished).length,
            withdrawn: jobs.filter((v) => v.job.vanished).length,
            retried: jobs.filter((v) => v.attemptsMade > 1).length,
            handedBack: handedBack.length,
          },
          restarts: restarts.map((r) => ({
            name: r.name,
            exitCode: r.exitCode,
            drainMs: Math.round(r.exitedAt - r.signalledAt),
            gapMs: Math.round(r.readyAt - r.signalledAt),
          })),
        };
        console.warn(`rolling restart with deep jobs: ${JSON.stringify(summary)}`);

        expect(
          unexpected.map((r) => ({ n: r.n, status: r.status, code: r.code })),
          JSON.stringify(summary),
        ).toEqual([]);
        expect(problems, JSON.stringify(summary)).toEqual([]);
        expect(answered.length).toBeGreaterThanOrEqual(CLIENTS * 4);
        // The load did what it was meant to: retries, and a job the stopping worker handed back.
        expect(summary.jobs.retried).toBeGreaterThan(0);
        expect(handedBack.length, 'jobs handed back by the stopping ranking-worker').toBeGreaterThan(0);
        for (const restart of restarts) {
          const bound = restart.name === 'gateway' ? GATEWAY_SHUTDOWN_MS : SERVICE_SHUTDOWN_MS;
          expect(restart.exitCode, `${restart.name} exit code`).toBe(0);
          expect(
            restart.exitedAt - restart.signalledAt,
            `${restart.name} exits within its shutdown bound`,
          ).toBeLessThan(bound + 1_000);
        }
        // Deep requests in flight when search or the gateway was signalled were drained, not cut off.
        for (const name of ['search', 'gateway'] as const) {
          const restart = restartOf(name);
          const drained = requests.filter(
            (r) => restart && r.started < restart.signalledAt - 100 && r.ended > restart.signalledAt,
          );
          expect(drained.length, `deep requests in flight when ${name} was signalled`).toBeGreaterThan(0);
          for (const r of drained) expect(r.status, `request ${r.n}, in flight at ${name}'s SIGTERM`).toBe(200);
        }
      },
      240_000,
    );
  },
);
