/**
 * The split topology for benches: one process per service (bin/split-topology.ts, the entry points
 * the containers run), real Redis, a fake Brave provider in this process answering after a fixed
 * delay (./fake-provider.ts), and resident memory sampled per process every second.
 *
 * The burst limiter stays on (a policy store is configured) with a limit no bench reaches, so
 * every gateway figure includes admitting the request; ./limiter.ts measures that cost alone.
 */
import { randomBytes } from 'node:crypto';

import { generateInternalToken } from '../../bin/internal-token.ts';
import type { ManagedProcess, ProcessSpec, ServiceName } from '../../bin/split-topology.ts';
import { freeTopologyPorts, startTopology, stopTopology, topologySpecs } from '../../bin/split-topology.ts';
import type { FakeProvider } from './fake-provider.ts';
import { startFakeProvider } from './fake-provider.ts';
import type { ServiceMemory } from './results.ts';
import { round, toMiB } from './stats.ts';

export interface BenchTopology {
  /** The gateway's origin. */
  origin: string;
  /** The search service's own origin (calls need `x-internal-token`). */
  searchOrigin: string;
  apiKey: string;
  internalToken: string;
  provider: FakeProvider;
  processes: Map<ServiceName, ManagedProcess>;
  specs: ProcessSpec[];
  /** Ready time and resident memory per process: at ready, the peak so far, now. */
  memory(): Promise<Record<string, ServiceMemory>>;
  /** The last lines a process wrote, for a failed run. */
  tail(name: ServiceName, lines?: number): string;
  stop(): Promise<void>;
}

export interface BenchTopologyOptions {
  redisUrl: string;
  logLevel: string;
  providerDelayMs: number;
  /** Extra variables for every process. */
  env?: Record<string, string>;
  /** Extra variables for one service (e.g. NODE_OPTIONS to profile it). */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
}

/** Samples each process's RSS every second, keeping the first sample and the peak. */
export class MemorySampler {
  private readonly ready = new Map<string, number | null>();
  private readonly peak = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  private readonly processes: () => Iterable<[string, ManagedProcess]>;
  constructor(processes: () => Iterable<[string, ManagedProcess]>) {
    this.processes = processes;
    this.timer = setInterval(() => void this.sample(), 1000);
    this.timer.unref();
  }

  async sample(): Promise<Map<string, number | null>> {
    const now = new Map(
      await Promise.all(
        [...this.processes()].map(async ([name, managed]) => [name, toMiB(await managed.residentBytes())] as const),
      ),
    );
    for (const [name, mib] of now) {
      if (!this.ready.has(name)) this.ready.set(name, mib);
      if (mib !== null) this.peak.set(name, Math.max(mib, this.peak.get(name) ?? 0));
    }
    return now;
  }

  async figures(readyMs: (name: string) => number | null): Promise<Record<string, ServiceMemory>> {
    const now = await this.sample();
    return Object.fromEntries(
      [...now].map(([name, mib]) => [
        name,
        {
          readyMs: readyMs(name),
          rssReadyMiB: this.ready.get(name) ?? null,
          rssPeakMiB: this.peak.get(name) ?? null,
          rssEndMiB: mib,
        },
      ]),
    );
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export async function startBenchTopology(options: BenchTopologyOptions): Promise<BenchTopology> {
  const providerKey = `bench-brave-${randomBytes(8).toString('hex')}`;
  const apiKey = `bench-${randomBytes(16).toString('hex')}`;
  const internalToken = generateInternalToken();
  const provider = await startFakeProvider({ delayMs: options.providerDelayMs, apiKey: providerKey });
  const ports = await freeTopologyPorts();
  const specs = topologySpecs({
    ports,
    internalToken,
    redisUrl: options.redisUrl,
    logLevel: options.logLevel,
    env: {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: provider.url,
      BRAVE_API_KEY: providerKey,
      OPERATOR_API_KEY: apiKey,
      // Unique per run so runs never read each other's entries; a short TTL so they do not linger.
      REDIS_KEY_PREFIX: `bench-${internalToken.slice(0, 12)}:`,
      DISCOVER_CACHE_TTL_S: '120',
      RATE_LIMIT_PER_MINUTE: '10000000',
      ...options.env,
    },
    ...(options.serviceEnv ? { serviceEnv: options.serviceEnv } : {}),
  });
  let processes: Map<ServiceName, ManagedProcess>;
  try {
    processes = await startTopology(specs);
  } catch (error) {
    await provider.close();
    throw error;
  }
  const sampler = new MemorySampler(() => processes);
  await sampler.sample();
  return {
    origin: `http://127.0.0.1:${ports.gateway}`,
    searchOrigin: `http://127.0.0.1:${ports.search}`,
    apiKey,
    internalToken,
    provider,
    processes,
    specs,
    memory: () =>
      sampler.figures((name) => {
        const readyMs = processes.get(name as ServiceName)?.readyMs;
        return readyMs === undefined ? null : round(readyMs);
      }),
    tail: (name, lines = 15) =>
      (processes.get(name)?.recentOutput() ?? '').trimEnd().split('\n').slice(-lines).join('\n'),
    async stop() {
      sampler.stop();
      await stopTopology(processes);
      await provider.close();
    },
  };
}
