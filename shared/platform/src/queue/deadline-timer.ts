// setTimeout fires at once (with a warning) beyond 2^31-1 ms; a far deadline just waits in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `onPassed` once `deadline` (epoch ms) has passed. Returns a function that cancels it. */
export function whenDeadlinePasses(deadline: number, onPassed: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = (): void => {
    const remaining = deadline - Date.now();
    timer = setTimeout(remaining > MAX_TIMER_MS ? arm : onPassed, Math.max(0, Math.min(remaining, MAX_TIMER_MS)));
  };
  arm();
  return () => clearTimeout(timer);
}
