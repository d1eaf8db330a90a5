/**
 * What every bench shares: its settings from the environment (read once, with defaults sized so
 * `npm run bench` takes a few minutes on a 2-core box), Ctrl-C handling, and the Redis check.
 */
import { pathToFileURL } from 'node:url';

import { redisAddress, redisAnswers } from '../../bin/redis-ping.ts';

const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
};

export const BENCH_SETTINGS = {
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  /** Seconds of each measured load run (autocannon or client loops). */
  durationS: positive('BENCH_DURATION_S', 5),
  /** Seconds of load before each measured run, not counted. */
  warmupS: positive('BENCH_WARMUP_S', 1),
  /** Concurrent connections of the throughput runs. */
  connections: positive('BENCH_CONNECTIONS', 50),
  /** The fake Brave provider's fixed latency (ms). */
  providerDelayMs: positive('BENCH_PROVIDER_DELAY_MS', 100),
  /** Requests of the one-client (no queueing) overhead run. */
  sequentialRequests: positive('BENCH_SEQUENTIAL_REQUESTS', 40),
  /** REST-then-MCP pairs of the one-client MCP comparison. */
  mcpPairs: positive('BENCH_MCP_PAIRS', 200),
  /** Seconds of each deep-mode load phase (one worker, then two). */
  deepDurationS: positive('BENCH_DEEP_DURATION_S', 8),
  /** Concurrent clients of the deep-mode load phases. */
  deepClients: positive('BENCH_DEEP_CLIENTS', 6),
  /** Searches per store of the limiter bench. */
  limiterRequests: positive('BENCH_LIMITER_REQUESTS', 3000),
  /** LOG_LEVEL of the services: the shipped default, so per-request logging is part of the cost. */
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
} as const;

/** First SIGINT/SIGTERM aborts (benches stop their load and clean up); a second exits at once. */
const interruption = new AbortController();
export const interrupted: AbortSignal = interruption.signal;
let listening = false;
export function stopOnSignals(): void {
  if (listening) return;
  listening = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted.aborted) process.exit(130);
      console.error(`\n${signal}: stopping the servers this bench started (again to exit at once)`);
      interruption.abort();
    });
  }
}

/** True when the module whose `import.meta.url` is given is the script node was started with. */
export const isMain = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;

export async function requireRedis(redisUrl: string = BENCH_SETTINGS.redisUrl): Promise<void> {
  if (!(await redisAnswers(redisUrl))) {
    throw new Error(
      `Redis does not answer PING at ${redisAddress(redisUrl)}; start it (redis-server --daemonize yes) or set REDIS_URL.`,
    );
  }
}
