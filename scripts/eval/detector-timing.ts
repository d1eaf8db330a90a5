/**
 * How long the detector takes per text, as the eval reports it: the texts are scored untimed until the JIT has
 * settled, then each is timed over a few rounds (./injection-eval.ts reads it).
 */

/**
 * Times per text, microseconds: p50, p99 and mean of each text's median over the timed rounds, and `bestP50`, the p50
 * of each text's fastest round (the detector's own cost: the slower rounds are the time other processes on the
 * machine took from it, which comes and goes over seconds; the convention of Python's timeit).
 */
export interface TimeSummary {
  p50: number;
  p99: number;
  mean: number;
  bestP50: number;
}

/** Timed rounds per row: its median and its fastest round are kept (see TimeSummary). */
const TIMED_ROUNDS = 5;

/** Untimed passes over the texts, at most, before timing: V8 optimises the detector over the first few. */
const MAX_WARM_PASSES = 6;
/** A pass within this share of the one before it is steady: the JIT has settled. */
const STEADY_SHARE = 0.05;

/** Scores the texts untimed until one pass takes about as long as the one before (as code runs in a busy service). */
function warmUntilSteady(texts: readonly string[], score: (text: string) => unknown): void {
  let previous = Infinity;
  for (let pass = 0; pass < MAX_WARM_PASSES; pass += 1) {
    const started = performance.now();
    for (const text of texts) score(text);
    const took = performance.now() - started;
    if (Math.abs(took - previous) <= STEADY_SHARE * previous) return;
    previous = took;
  }
}

/**
 * The time `score` takes per text: the texts are scored untimed until the JIT has settled (as it has in a running
 * service), then TIMED_ROUNDS times each; also the process's CPU time per call.
 */
export function timePerText(
  texts: readonly string[],
  score: (text: string) => unknown,
): { time: TimeSummary; cpuUs: number } {
  warmUntilSteady(texts, score);
  const rounds = texts.map(() => [] as number[]);
  const cpuStart = process.cpuUsage();
  for (let round = 0; round < TIMED_ROUNDS; round += 1) {
    texts.forEach((text, i) => {
      const started = process.hrtime.bigint();
      score(text);
      rounds[i]?.push(Number(process.hrtime.bigint() - started) / 1000);
    });
  }
  const cpu = process.cpuUsage(cpuStart);
  const sortedRounds = rounds.map((times) => times.sort((a, b) => a - b));
  const medians = sortedRounds.map((times) => times[Math.floor(times.length / 2)] ?? 0).sort((a, b) => a - b);
  const fastest = sortedRounds.map((times) => times[0] ?? 0).sort((a, b) => a - b);
  return {
    time: {
      p50: percentile(medians, 50),
      p99: percentile(medians, 99),
      mean: medians.reduce((a, b) => a + b, 0) / Math.max(1, medians.length),
      bestP50: percentile(fastest, 50),
    },
    cpuUs: (cpu.user + cpu.system) / Math.max(1, texts.length * TIMED_ROUNDS),
  };
}

/** Nearest-rank percentile. */
const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
