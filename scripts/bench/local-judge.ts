/**
 * The local judge's CPU time on the eval's candidate pools (SciFact's local-provider top 100, DL19's BM25 top 100),
 * judged as `npm run eval` times it (scripts/eval/ranking-eval.ts `timeLocalJudge`: every candidate of a query at
 * once, stage A's injection score given), without the rest of the eval, to iterate on its speed.
 *
 *   node scripts/bench/local-judge.ts [--rounds N] [--save FILE] [--check FILE]
 *
 * Prints the mean and p50 CPU ms per 100 candidates per set (the last rounds; the first is a warm-up) and a digest of
 * every verdict and relevance feature: a change meant to leave the scores alone must leave the digest alone. `--save`
 * writes the verdicts and features, `--check` compares with a saved file and names the first difference.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import type { JudgeInput } from '@rankgate/ranking';
import { judgeInputOf } from '@rankgate/ranking';
import { localVerdicts } from '../../shared/ranking/src/local/local-judge.ts';
import { screenResult } from '@rankgate/ranking/screening';
import type { RankingPool } from '../train/ranking-pools.ts';
import { dl19Pool, scifactPool } from '../train/ranking-pools.ts';
import { distribution } from '../eval/ranking-results.ts';

interface Batch {
  query: string;
  inputs: JudgeInput[];
}

function batchesOf(pool: RankingPool): Batch[] {
  return pool.queries.map((q) => ({
    query: q.text,
    inputs: q.candidates.map((candidate, id) => judgeInputOf(candidate, id, screenResult(candidate).score)),
  }));
}

/** CPU ms per 100 candidates of each batch, one round. */
function timeRound(batches: readonly Batch[]): number[] {
  return batches.map(({ query, inputs }) => {
    const started = process.cpuUsage();
    localVerdicts(query, inputs);
    const used = process.cpuUsage(started);
    return ((used.user + used.system) / 1000) * (100 / Math.max(1, inputs.length));
  });
}

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '4' }, save: { type: 'string' }, check: { type: 'string' } },
});
const rounds = Math.max(2, Number(values.rounds));
const sets = [
  { name: 'SciFact', batches: batchesOf(await scifactPool()) },
  { name: 'DL19', batches: batchesOf(await dl19Pool()) },
];

const outputs = sets.map(({ batches }) => batches.map(({ query, inputs }) => localVerdicts(query, inputs)));
const serialised = JSON.stringify(outputs);
console.log(`digest ${createHash('sha256').update(serialised).digest('hex').slice(0, 16)}`);
if (values.save) await writeFile(values.save, serialised);
if (values.check) {
  const saved = JSON.parse(await readFile(values.check, 'utf8')) as typeof outputs;
  let differences = 0;
  outputs.forEach((set, s) =>
    set.forEach((batch, b) => {
      if (JSON.stringify(batch) === JSON.stringify(saved[s]?.[b])) return;
      differences += 1;
      if (differences === 1) console.log(`first difference: ${sets[s]?.name} query ${b}`);
    }),
  );
  console.log(`${differences} queries differ from ${values.check}`);
}

for (const { name, batches } of sets) {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const measured = timeRound(batches);
    if (round > 0) times.push(...measured);
  }
  const d = distribution(times);
  console.log(`${name}: CPU ms per 100 candidates mean ${d.mean.toFixed(2)}, p50 ${d.p50.toFixed(2)}`);
}
