/**
 * One Prometheus registry per app (the embedded launcher runs five apps in one process, so a
 * global registry would mix them). Metric families are created on first use: a service exposes
 * only the families it records, plus the process metrics. Names and labels are documented in
 * docs/operations.md § Metrics.
 */
import type { CounterConfiguration, HistogramConfiguration } from 'prom-client';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds. HTTP answers are mostly milliseconds; a search with an LLM judge takes seconds. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds. Provider and judge calls: tens of ms (cached edge) up to their timeouts (8 s, 20 s). */
export const UPSTREAM_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];
/** Seconds. A deep job fetches and judges a dozen pages. */
export const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

export type UpstreamKind = 'discover' | 'judge';
/** How an upstream call ended, from the caller's side. */
export type UpstreamOutcome = 'ok' | 'error' | 'timeout' | 'not_configured' | 'aborted';
export type CacheResult = 'hit' | 'miss' | 'refresh';
export type JobOutcome = 'completed' | 'failed' | 'expired' | 'handed_back';
/** BullMQ job states worth watching; `wait` is what KEDA scales the ranking workers on. */
export type QueueState = 'wait' | 'active' | 'delayed' | 'prioritized' | 'failed';
export type LimiterDecision = 'allowed' | 'limited' | 'error';

export interface AppMetricsOptions {
  /** Set as the `service` label on every sample. */
  service: string;
  /** Node process metrics (CPU, memory, event loop lag, GC). Default true. */
  processMetrics?: boolean;
}

type Family = Counter<string> | Gauge<string> | Histogram<string>;

export class AppMetrics {
  readonly registry = new Registry();
  private readonly families = new Map<string, Family>();
  private readonly queueDepthReaders = new Map<string, () => Promise<Partial<Record<QueueState, number>>>>();

  constructor({ service, processMetrics = true }: AppMetricsOptions) {
    this.registry.setDefaultLabels({ service });
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** One request answered: by route pattern (never the raw URL, which would explode cardinality). */
  observeHttpRequest({
    method,
    route,
    status,
    seconds,
  }: {
    method: string;
    route: string;
    status: number;
    seconds: number;
  }): void {
    const labels = { method, route, status: String(status) };
    this.counter('rankgate_http_requests_total', 'HTTP requests answered, by method, route pattern and status.', [
      'method',
      'route',
      'status',
    ]).inc(labels);
    this.histogram(
      'rankgate_http_request_duration_seconds',
      "Time from a request's arrival to its response, by method, route pattern and status.",
      ['method', 'route', 'status'],
      HTTP_BUCKETS,
    ).observe(labels, seconds);
  }

  /** One call to a discover provider or a judge backend. */
  observeUpstream({
    kind,
    provider,
    outcome,
    seconds,
  }: {
    kind: UpstreamKind;
    provider: string;
    outcome: UpstreamOutcome;
    seconds: number;
  }): void {
    this.counter(
      'rankgate_upstream_requests_total',
      'Calls to discover providers and judges, by kind, provider and outcome (ok, error, timeout, not_configured, aborted).',
      ['kind', 'provider', 'outcome'],
    ).inc({ kind, provider, outcome });
    this.histogram(
      'rankgate_upstream_request_duration_seconds',
      'Duration of calls to discover providers and judges, by kind, provider and outcome.',
      ['kind', 'provider', 'outcome'],
      UPSTREAM_BUCKETS,
    ).observe({ kind, provider, outcome }, seconds);
  }

  /** A judge batch's usage, as the judge reported it (LLM requests and tokens). */
  recordJudgeUsage({
    judge,
    calls,
    inputTokens,
    outputTokens,
  }: {
    judge: string;
    calls: number;
    inputTokens: number;
    outputTokens: number;
  }): void {
    this.counter(
      'rankgate_judge_calls_total',
      'Requests made to the judge backend (LLM requests; one per batch for the local judge).',
      ['judge'],
    ).inc({ judge }, calls);
    const tokens = this.counter(
      'rankgate_judge_tokens_total',
      'Tokens the judge backend reported, by direction (input, output).',
      ['judge', 'direction'],
    );
    tokens.inc({ judge, direction: 'input' }, inputTokens);
    tokens.inc({ judge, direction: 'output' }, outputTokens);
  }

  /** A judge batch left (partly) unparsed: outage, refusal, truncation. */
  recordJudgeWarning({ judge, kind }: { judge: string; kind: string }): void {
    this.counter('rankgate_judge_warnings_total', 'Judge batches left unparsed, by judge and reason.', [
      'judge',
      'kind',
    ]).inc({ judge, kind });
  }

  /** Hit ratio: `sum(rate(..{result="hit"}[5m])) / sum(rate(..{result=~"hit|miss"}[5m]))`. */
  recordCacheLookup({ cache, result }: { cache: string; result: CacheResult }): void {
    this.counter(
      'rankgate_cache_lookups_total',
      'Cache lookups by cache and result (hit, miss, refresh = nocache=true).',
      ['cache', 'result'],
    ).inc({ cache, result });
  }

  /** One job finished on this consumer (see `instrumentJobHandler`). */
  recordJob({ queue, outcome, seconds }: { queue: string; outcome: JobOutcome; seconds: number }): void {
    this.histogram(
      'rankgate_queue_job_duration_seconds',
      'Time a consumer spent on one job attempt, by queue and outcome (completed, failed, expired, handed_back).',
      ['queue', 'outcome'],
      JOB_BUCKETS,
    ).observe({ queue, outcome }, seconds);
  }

  /**
   * Reports a queue's depth at every scrape by calling `read` (e.g. `bullMqQueueDepth`). A reader
   * that fails or hangs past one second leaves the gauge at its last value for that scrape.
   */
  trackQueueDepth(queue: string, read: () => Promise<Partial<Record<QueueState, number>>>): void {
    this.queueDepthReaders.set(queue, read);
    if (this.families.has('rankgate_queue_jobs')) return;
    const readers = this.queueDepthReaders;
    const gauge = new Gauge({
      name: 'rankgate_queue_jobs',
      help: 'Jobs in a queue by state (wait, active, delayed, prioritized, failed), read at scrape time.',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        await Promise.all(
          [...readers].map(async ([name, reader]) => {
            const counts = await withTimeout(reader(), 1000).catch(() => undefined);
            for (const [state, value] of Object.entries(counts ?? {})) gauge.set({ queue: name, state }, value);
          }),
        );
      },
    });
    this.families.set('rankgate_queue_jobs', gauge);
  }

  /** One decision of a limiter (burst limiter, demo quota). */
  recordLimiterDecision({ limiter, decision }: { limiter: string; decision: LimiterDecision }): void {
    this.counter(
      'rankgate_limiter_decisions_total',
      'Rate limiter and quota decisions, by limiter and decision (allowed, limited, error).',
      ['limiter', 'decision'],
    ).inc({ limiter, decision });
  }

  /** A discover provider's circuit breaker opened, closed again, or answered for the provider while open. */
  recordBreakerEvent({ provider, event }: { provider: string; event: 'opened' | 'closed' | 'short_circuited' }): void {
    this.counter(
      'rankgate_discover_breaker_events_total',
      'Discover circuit-breaker events, by provider and event (opened, closed, short_circuited).',
      ['provider', 'event'],
    ).inc({ provider, event });
  }

  /** The Prometheus text exposition of this app's registry. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private counter(name: string, help: string, labelNames: string[]): Counter<string> {
    return this.family(
      name,
      () => new Counter({ name, help, labelNames, registers: [this.registry] } satisfies CounterConfiguration<string>),
    );
  }

  private histogram(name: string, help: string, labelNames: string[], buckets: number[]): Histogram<string> {
    return this.family(
      name,
      () =>
        new Histogram({
          name,
          help,
          labelNames,
          buckets,
          registers: [this.registry],
        } satisfies HistogramConfiguration<string>),
    );
  }

  private family<F extends Family>(name: string, create: () => F): F {
    let family = this.families.get(name);
    if (!family) {
      family = create();
      this.families.set(name, family);
    }
    return family as F;
  }
}

export function createAppMetrics(options: AppMetricsOptions): AppMetrics {
  return new AppMetrics(options);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
