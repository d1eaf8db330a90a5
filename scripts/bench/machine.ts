/** The facts about the machine and the code a bench result belongs to. */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';

import { REPO_ROOT } from '../../bin/split-topology.ts';
import type { MachineFacts } from './results.ts';
import { round } from './stats.ts';

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Everything but the figures taken after the run (`loadAverage.end`, `cpuBusyPct.after`), which the caller sets. */
export function machineFacts(started: Date, busyBeforePct: number): MachineFacts {
  const load = round(loadavg()[0] ?? 0, 2);
  return {
    date: started.toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    // Untracked files and the bench's own outputs do not make the measured code different.
    dirty: (git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results.json', ':!docs/performance.md']) ?? '') !== '',
    node: process.version,
    os: `${type()} ${release()}`,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cpus: availableParallelism(),
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    loadAverage: { start: load, end: load },
    cpuBusyPct: { before: busyBeforePct, after: busyBeforePct },
  };
}

export const currentLoadAverage = (): number => round(loadavg()[0] ?? 0, 2);

const cpuTimes = () => cpus().reduce((sum, cpu) => {
  const { user, nice, sys, idle, irq } = cpu.times;
  return { busy: sum.busy + user + nice + sys + irq, total: sum.total + user + nice + sys + idle + irq };
}, { busy: 0, total: 0 });

/** Share of all cores busy over `ms` (sampled while the bench runs nothing: other work on the box). */
export async function cpuBusyPct(ms = 2000): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  return round(((after.busy - before.busy) / Math.max(1, after.total - before.total)) * 100, 1);
}
