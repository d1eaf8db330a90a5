/** Small number helpers every bench uses, so all figures are computed and rounded the same way. */

export const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

export const toMiB = (bytes: number | undefined): number | null =>
  bytes === undefined ? null : round(bytes / 2 ** 20, 1);

export interface Distribution {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentile of sorted values; NaN for none. */
const nearestRank = (sorted: readonly number[], p: number): number =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Nearest-rank percentiles, mean and max, rounded to 0.1 ms. */
export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return {
    n: sorted.length,
    p50: round(nearestRank(sorted, 50), 1),
    p90: round(nearestRank(sorted, 90), 1),
    p99: round(nearestRank(sorted, 99), 1),
    mean: round(mean, 1),
    max: round(sorted.at(-1) ?? Number.NaN, 1),
  };
}

export const percentile = (values: readonly number[], p: number): number =>
  nearestRank(
    [...values].sort((a, b) => a - b),
    p,
  );
