/**
 * What ioredis's `class VerbatimString extends String` costs the injection detector, and what the platform's guard
 * (shared/platform/src/runtime/string-subclass-guard.ts) gives back: the detector's p50 per snippet in fresh
 * processes that load nothing first, ioredis itself (no guard), and the platform's stores (the guard, then ioredis).
 *
 *   node scripts/bench/string-subclass.ts [--runs N]
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./string-subclass-child.ts', import.meta.url));
const STATES = [
  { label: 'nothing loaded first', preload: 'none' },
  { label: 'ioredis loaded first, no guard', preload: 'ioredis' },
  { label: "the platform's stores loaded first (guard, then ioredis)", preload: '@rankgate/platform/stores' },
];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const results = new Map<string, number[]>(STATES.map((state) => [state.label, []]));
// Processes alternate between the states, so drift on the machine falls on all of them.
for (let round = 0; round < runs; round += 1) {
  for (const { label, preload } of STATES) {
    const { stdout } = await run(process.execPath, [CHILD, preload]);
    results.get(label)?.push((JSON.parse(stdout) as { p50Us: number }).p50Us);
  }
}
for (const [label, figures] of results)
  console.log(`${label}: ${figures.map((f) => f.toFixed(1)).join(', ')} µs p50 per snippet`);
