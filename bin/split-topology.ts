/**
 * The split topology as local processes: one Node process per service, the same entry points the
 * containers run. Used by `npm run start:split`, the e2e harness and the bench.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export type ServiceName = 'gateway' | 'search' | 'auth-server' | 'mcp' | 'ranking-worker';

export interface ProcessSpec {
  name: ServiceName;
  /** Entry point, relative to the repository root. */
  entry: string;
  port: number;
  /** Readiness probe. */
  healthUrl: string;
  env: Record<string, string>;
}

export interface TopologyOptions {
  ports: Record<ServiceName, number>;
  internalToken: string;
  /** Public origin; defaults to the gateway's loopback URL. */
  baseUrl?: string;
  redisUrl?: string;
  logLevel?: string;
  /** Extra variables for every process (provider keys, limits…). */
  env?: Record<string, string>;
  /** Extra variables for one service only, over `env` (e.g. a longer shutdown bound for the gateway). */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
}

const ENTRIES: Record<ServiceName, { entry: string; portVar: string; health: string }> = {
  search: { entry: 'services/search/src/main.ts', portVar: 'SEARCH_PORT', health: '/internal/health' },
  'auth-server': { entry: 'services/auth-server/src/main.ts', portVar: 'AUTH_SERVER_PORT', health: '/internal/health' },
  mcp: { entry: 'services/mcp/src/main.ts', portVar: 'MCP_PORT', health: '/internal/health' },
  'ranking-worker': {
    entry: 'services/ranking-worker/src/main.ts',
    portVar: 'RANKING_WORKER_PORT',
    health: '/internal/health',
  },
  gateway: { entry: 'gateway/src/main.ts', portVar: 'PORT', health: '/health' },
};

/** Services first, the gateway last (it is the one callers wait for). */
export const START_ORDER: readonly ServiceName[] = ['search', 'auth-server', 'mcp', 'ranking-worker', 'gateway'];

export function topologySpecs(options: TopologyOptions): ProcessSpec[] {
  const local = (name: ServiceName) => `http://127.0.0.1:${options.ports[name]}`;
  const common: Record<string, string> = {
    HOST: '127.0.0.1',
    BASE_URL: options.baseUrl ?? local('gateway'),
    INTERNAL_TOKEN: options.internalToken,
    LOG_LEVEL: options.logLevel ?? 'info',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    SEARCH_SERVICE_URL: local('search'),
    AUTH_SERVICE_URL: local('auth-server'),
    MCP_SERVICE_URL: local('mcp'),
    GATEWAY_URL: local('gateway'),
    ...options.env,
  };
  return START_ORDER.map((name) => {
    const { entry, portVar, health } = ENTRIES[name];
    const env = { ...common, ...options.serviceEnv?.[name], [portVar]: String(options.ports[name]) };
    return { name, entry, port: options.ports[name], healthUrl: `${local(name)}${health}`, env };
  });
}

/** Free loopback ports, found by binding port 0 (released before use; fine for local runs). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return server;
    }),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export async function freeTopologyPorts(): Promise<Record<ServiceName, number>> {
  const ports = await freePorts(START_ORDER.length);
  return Object.fromEntries(START_ORDER.map((name, i) => [name, ports[i]])) as Record<ServiceName, number>;
}

/** One service process: started, probed until ready, stopped with a signal. */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private readonly output: string[] = [];
  /** Milliseconds from spawn to the first successful readiness probe. */
  readyMs = 0;

  readonly spec: ProcessSpec;
  private readonly options: { echo?: boolean };
  constructor(spec: ProcessSpec, options: { echo?: boolean } = {}) {
    this.spec = spec;
    this.options = options;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The process's recent output, for diagnosing a failed start. */
  recentOutput(): string {
    return this.output.join('');
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const started = performance.now();
    const child = spawn(process.execPath, [this.spec.entry], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      if (this.options.echo) process.stdout.write(chunk);
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    while (performance.now() - started < timeoutMs) {
      if (!this.running) throw new Error(`${this.spec.name} exited during start:\n${this.recentOutput()}`);
      if (await probe(this.spec.healthUrl)) {
        this.readyMs = performance.now() - started;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await this.stop('SIGKILL');
    throw new Error(`${this.spec.name} was not ready within ${timeoutMs} ms:\n${this.recentOutput()}`);
  }

  /** Sends the signal and waits for the exit; returns the exit code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    const exited = once(child, 'exit');
    child.kill(signal);
    const [code] = (await exited) as [number | null];
    return code;
  }

  /** Resident memory in bytes, from /proc (Linux). */
  async residentBytes(): Promise<number | undefined> {
    if (!this.pid) return undefined;
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8').catch(() => '');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  }
}

async function probe(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts every process in order; on failure stops the ones already running. */
export async function startTopology(
  specs: ProcessSpec[],
  options: { echo?: boolean } = {},
): Promise<Map<ServiceName, ManagedProcess>> {
  const processes = new Map<ServiceName, ManagedProcess>();
  try {
    for (const spec of specs) {
      const managed = new ManagedProcess(spec, options);
      processes.set(spec.name, managed);
      await managed.start();
    }
  } catch (error) {
    await stopTopology(processes);
    throw error;
  }
  return processes;
}

/** Gateway first (stop taking traffic), then the services. */
export async function stopTopology(processes: Map<ServiceName, ManagedProcess>): Promise<void> {
  for (const name of [...START_ORDER].reverse()) await processes.get(name)?.stop('SIGTERM');
}
