/** The facts about the machine and the code a bench result belongs to. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem, type } from 'node:os';

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

/** Everything but `otherCpuPct`, which the caller sets when the run is done. */
export function machineFacts(started: Date): MachineFacts {
  return {
    date: started.toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    // Untracked files and the bench's own outputs do not make the measured code different.
    dirty:
      (git([
        'status',
        '--porcelain',
        '--untracked-files=no',
        '--',
        '.',
        ':!bench/results.json',
        ':!docs/performance.md',
      ]) ?? '') !== '',
    node: process.version,
    os: `${type()} ${release()}`,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cpus: availableParallelism(),
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    otherCpuPct: null,
  };
}

/** Busy CPU milliseconds of the whole machine, all cores. */
const machineBusyMs = (): number => cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0);

/**
 * CPU milliseconds of this process and of its children that have exited (Linux /proc/self/stat:
 * utime, stime, cutime, cstime in USER_HZ = 100 ticks a second); undefined elsewhere. The bench
 * stops every service process it started before it finishes, so they are all counted.
 */
function ownCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return fields.slice(11, 15).reduce((a, b) => a + b, 0) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Starts counting the CPU that processes other than the bench and the services it starts use;
 * the returned function gives their share of all cores since then, in percent (null when the
 * platform does not tell). Redis is one of those others.
 */
export function otherCpuMeter(): () => number | null {
  const started = performance.now();
  const machine = machineBusyMs();
  const own = ownCpuMs();
  return () => {
    const ownNow = ownCpuMs();
    if (own === undefined || ownNow === undefined) return null;
    const others = machineBusyMs() - machine - (ownNow - own);
    return round(Math.max(0, (others / ((performance.now() - started) * availableParallelism())) * 100), 1);
  };
}
