/**
 * The system under test: a deployment named by E2E_BASE_URL, or the split topology started here as
 * separate local processes on free ports (one start per test file: `beforeAll` / `afterAll`).
 */
import { generateInternalToken } from '../../bin/internal-token.ts';
import type { ProcessSpec, ServiceName, TopologyOptions } from '../../bin/split-topology.ts';
import {
  ManagedProcess,
  freeTopologyPorts,
  startTopology,
  stopTopology,
  topologySpecs,
} from '../../bin/split-topology.ts';
import { redisAddress, redisAnswers } from '../../bin/redis-ping.ts';
import { watchForSecrets } from './http.ts';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Decided once per file at collection time, so a suite can be skipped with its reason in its name. */
export type TargetPlan =
  { mode: 'deployment'; baseUrl: string } | { mode: 'local'; redisUrl: string } | { mode: 'skip'; reason: string };

export interface Target {
  baseUrl: string;
  /** The operator API key: generated for the local topology, `E2E_API_KEY` for a deployment. */
  apiKey: string | undefined;
  stop(): Promise<void>;
}

export interface LocalTarget extends Target {
  processes: Map<ServiceName, ManagedProcess>;
  specs: Map<ServiceName, ProcessSpec>;
  /** The token the gateway adds to its calls; tests use it to call a service port directly. */
  internalToken: string;
  /** Starts a fresh process from the same spec (same port), leaving the others untouched. */
  restart(name: ServiceName): Promise<ManagedProcess>;
}

export async function planTarget(): Promise<TargetPlan> {
  const deployment = process.env.E2E_BASE_URL?.trim();
  if (deployment) return { mode: 'deployment', baseUrl: deployment.replace(/\/+$/, '') };

  const redisUrl = process.env.REDIS_URL?.trim() || DEFAULT_REDIS_URL;
  if (await redisAnswers(redisUrl)) return { mode: 'local', redisUrl };

  const reason =
    `Redis does not answer PING at ${redisAddress(redisUrl)}; the local split topology needs it. ` +
    'Start it with `redis-server --daemonize yes` (or set REDIS_URL, or E2E_BASE_URL to test a deployment).';
  // CI must not go green by skipping everything.
  if (process.env.CI === 'true') throw new Error(reason);
  return { mode: 'skip', reason };
}

/** The suite's name, or the plain reason it is skipped. */
export const suiteTitle = (title: string, plan: TargetPlan): string =>
  plan.mode === 'skip'
    ? `${title} — skipped: ${plan.reason}`
    : `${title} (${plan.mode === 'local' ? 'local split topology' : plan.baseUrl})`;

export async function startTarget(plan: TargetPlan): Promise<Target> {
  if (plan.mode === 'deployment')
    return { baseUrl: plan.baseUrl, apiKey: process.env.E2E_API_KEY?.trim() || undefined, stop: async () => {} };
  return startLocalTarget(plan);
}

/** Headers that authenticate as the operator, when the target has a key. */
export const operatorHeaders = (target: Target): Record<string, string> =>
  target.apiKey ? { 'x-api-key': target.apiKey } : {};

/** `serviceEnv`: variables for one service only, over `env` (see TopologyOptions.serviceEnv). */
export async function startLocalTarget(
  plan: TargetPlan,
  env: Record<string, string> = {},
  serviceEnv: TopologyOptions['serviceEnv'] = {},
): Promise<LocalTarget> {
  if (plan.mode !== 'local') throw new Error(`a local target needs the local plan, got ${plan.mode}`);
  const internalToken = generateInternalToken();
  const apiKey = `e2e-${generateInternalToken().slice(0, 32)}`;
  // Suites share 127.0.0.1, so the burst and registration limits are set out of the way unless a suite sets them.
  const fullEnv = {
    OPERATOR_API_KEY: apiKey,
    REDIS_KEY_PREFIX: `e2e-${internalToken.slice(0, 12)}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
    REGISTRATION_LIMIT_PER_MINUTE: '100000',
    ...env,
  };
  // Every response the suite sees is scanned for the secrets this target was configured with (the
  // demo key is published by design, so it is not one).
  watchForSecrets({
    INTERNAL_TOKEN: internalToken,
    OPERATOR_API_KEY: apiKey,
    ...Object.fromEntries(
      Object.entries(fullEnv).filter(
        ([name]) =>
          /(KEY|TOKEN|SECRET|PASSWORD)$/.test(name) && name !== 'DEMO_API_KEY' && name !== 'RATE_LIMIT_PER_MINUTE',
      ),
    ),
  });
  const specList = topologySpecs({
    ports: await freeTopologyPorts(),
    internalToken,
    redisUrl: plan.redisUrl,
    env: fullEnv,
    serviceEnv,
  });
  const specs = new Map(specList.map((spec) => [spec.name, spec]));
  const specOf = (name: ServiceName): ProcessSpec => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`no process spec for ${name}`);
    return spec;
  };
  const processes = await startTopology(specList);
  return {
    baseUrl: specOf('gateway').env.BASE_URL ?? `http://127.0.0.1:${specOf('gateway').port}`,
    apiKey,
    processes,
    specs,
    internalToken,
    stop: () => stopTopology(processes),
    async restart(name) {
      await processes.get(name)?.stop('SIGTERM');
      const fresh = new ManagedProcess(specOf(name));
      await fresh.start();
      processes.set(name, fresh);
      return fresh;
    },
  };
}
