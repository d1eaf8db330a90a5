// autocannon ships no types and @types/autocannon is not a dependency: the part of the
// programmatic API the bench uses (autocannon 9: a thenable when no callback is passed).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** A run before the measured one; its figures are not in the result's main fields. */
    warmup?: { connections?: number; duration?: number };
  }

  interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface Result {
    url: string;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Milliseconds. */
    latency: Histogram;
    /** Per-second samples; `total` is the request count. */
    requests: Histogram;
  }

  function autocannon(options: Options): PromiseLike<Result>;
  export default autocannon;
}
