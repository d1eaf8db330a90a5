/**
 * `npm run bench`: every bench, one after another, each in its own Node process (so one bench's
 * servers and heap never weigh on the next). Each runs even when an earlier one fails; the exit code is
 * 1 when any failed. Each bench stays runnable alone: `node --import tsx scripts/bench/<name>.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

import { REPO_ROOT } from '../../bin/split-topology.ts';

const BENCHES = ['foundation.ts', 'search-overhead.ts', 'limiter.ts', 'deep.ts'] as const;

let current: ChildProcess | undefined;
let stopping = false;
// Ctrl-C reaches the child through the terminal's process group; a SIGTERM sent to this process alone
// is passed on, so the child can stop the servers it started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    if (signal === 'SIGTERM') current?.kill(signal);
  });
}

const failed: string[] = [];
for (const bench of BENCHES) {
  if (stopping) break;
  const file = join('scripts', 'bench', bench);
  console.log(`\n=== ${file} ===\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: REPO_ROOT, stdio: 'inherit' });
  current = child;
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  current = undefined;
  if (code !== 0) failed.push(`${bench} (${signal ? `signal ${signal}` : `exit ${code}`})`);
}

if (stopping) {
  console.error('\nbench interrupted');
  process.exitCode = 1;
} else if (failed.length > 0) {
  console.error(`\nbench failed: ${failed.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log(`\nall benches passed: ${BENCHES.join(', ')}`);
}
