// autocannon ships no types and @types/autocannon is not a dependency: the part of the
// programmatic API the bench uses (autocannon 9: a thenable when no callback is passed).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    /** Replaces `[<id>]` in the URL and body with a fresh id per request. */
    idReplacement?: boolean;
    /** A response body it returns false for counts in `mismatches`. */
    verifyBody?: (body: string) => boolean;
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
    p90: number;
    p99: number;
  }

  interface Result {
    url: string;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
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
