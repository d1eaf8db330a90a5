/**
 * Idle memory per service: the resident set of a fresh process that has loaded what the service's
 * main.ts loads before it listens (its app, config and adapters modules), after a full GC; the median
 * of five processes. It isolates what the code loads from what traffic allocates, so a change in the
 * module graph shows up even on a busy machine.
 *
 * `node scripts/bench/idle-rss.ts` prints one line per service (MiB).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../../bin/split-topology.ts';
import { isMain } from './settings.ts';

const SERVICES: Record<string, string> = {
  gateway: 'gateway/src',
  search: 'services/search/src',
  'ranking-worker': 'services/ranking-worker/src',
  'auth-server': 'services/auth-server/src',
  mcp: 'services/mcp/src',
};
const MODULES = ['app.ts', 'config.ts', 'dependencies.ts', 'page-consumer.ts'];
const RUNS = 5;

function residentMiB(files: string[]): number {
  const script = `for (const f of ${JSON.stringify(files)}) await import(f); gc(); await new Promise((r) => setTimeout(r, 300));
    console.log(process.memoryUsage().rss / 1048576);`;
  return Number(
    // Node runs the TypeScript sources itself (type stripping), as every other process of the product does.
    execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim(),
  );
}

export function idleRss(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [service, dir] of Object.entries(SERVICES)) {
    const files = MODULES.map((m) => join(REPO_ROOT, dir, m))
      .filter((f) => existsSync(f))
      .map((f) => `file://${f}`);
    const runs = Array.from({ length: RUNS }, () => residentMiB(files)).sort((a, b) => a - b);
    out[service] = Math.round((runs[Math.floor(RUNS / 2)] ?? 0) * 10) / 10;
  }
  return out;
}

if (isMain(import.meta.url)) {
  for (const [service, mib] of Object.entries(idleRss())) console.log(`${service.padEnd(15)} ${mib.toFixed(1)} MiB`);
}
