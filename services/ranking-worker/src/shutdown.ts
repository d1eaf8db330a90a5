/**
 * How long a stopping worker lets its running page jobs finish before handing them back to the
 * queue: its whole shutdown bound, less a reserve for the hand-back itself (a Redis round trip per
 * job) and closing the connection, so the process still exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
export function handBackAfterMs(shutdownTimeoutMs: number): number {
  return Math.max(0, shutdownTimeoutMs - Math.min(1_000, shutdownTimeoutMs / 2));
}
