/**
 * `node scripts/train/fit-ranking.ts`: fits the local judge's fusion by coordinate ascent on NDCG@10
 * (Metzler & Croft 2007) over the TUNE half of the eval's queries only (scripts/eval/query-split.ts),
 * SciFact and DL19 weighing equally. Each query's candidates go through the cascade's stage A as
 * in the search service (JUDGE_TOP_N 30); the judged rows' relevance features, `answerability`,
 * `states_sought_fact`, `authority` and the provider's rank prior are then fused linearly with
 * non-negative weights, gated rows removed. It prints the weights for
 * shared/ranking/src/local/lexical-relevance.ts (the `on_topic` blend) and score-weights.ts, and the
 * tune figures; held-out figures come only from `npm run eval`. With `--settings` it first chooses
 * the features' settings (Dirichlet μ, feedback candidates and terms, title weight, k1, b) one at a
 * time, each value with its weights fit anew, on the same tune half.
 */
import type { Judge, JudgeInput } from '@rankgate/ranking';
import { runCascade } from '@rankgate/ranking';
import type { RelevanceFeatures } from '../../shared/ranking/src/local/lexical-relevance.ts';
import { FEATURE_NAMES, RELEVANCE_TUNING } from '../../shared/ranking/src/local/lexical-relevance.ts';
import { localVerdicts } from '../../shared/ranking/src/local/local-judge.ts';
import { ndcgAt } from '../eval/metrics.ts';
import { CASCADE_TOP_N } from '../eval/ranking-eval.ts';
import type { RankingPool } from './ranking-pools.ts';
import { dl19Pool, docIdOf, scifactPool } from './ranking-pools.ts';

/**
 * `authority` is not fit: every candidate of both sets is a local document (authority 0.6), so the
 * sets cannot tell its weight; it keeps its share (AUTHORITY_SHARE) of the score.
 */
const AUTHORITY_SHARE = 0.06;
const OTHER = ['answerability', 'states_sought_fact', 'prior'] as const;
export const PARAMETERS = [...FEATURE_NAMES, ...OTHER] as const;
type Parameter = (typeof PARAMETERS)[number];
type Weights = Record<Parameter, number>;

interface Row {
  docId: string;
  values: Record<Parameter, number>;
}
interface Query {
  qrels: Map<string, number>;
  rows: Row[];
}

/** Rank prior forms tried: the score's 1/√rank and a log prior. */
const PRIORS = {
  sqrt: (rank: number) => 1 / Math.sqrt(rank),
  log: (rank: number) => 1 - Math.log(rank) / Math.log(101),
};

async function judgedRows(pool: RankingPool, prior: (rank: number) => number): Promise<Query[]> {
  const queries: Query[] = [];
  const signal = new AbortController().signal;
  for (const query of pool.queries.filter((q) => q.split === 'tune')) {
    let recorded: { inputs: readonly JudgeInput[]; features: RelevanceFeatures[] } | undefined;
    const judge: Judge = {
      name: 'local',
      async judge(q, inputs) {
        const { verdicts, features } = localVerdicts(q, inputs);
        recorded = { inputs, features };
        return { verdicts, usage: { calls: 1, input_tokens: 0, output_tokens: 0 } };
      },
    };
    const { ranked } = await runCascade(query.text, query.candidates, { judge, judgeTopN: CASCADE_TOP_N, signal });
    const byUrl = new Map(ranked.map((row) => [row.candidate.url, row]));
    const rows: Row[] = [];
    recorded?.inputs.forEach((input, i) => {
      const row = byUrl.get(input.url);
      const features = recorded?.features[i];
      if (!row || !features || row.gate.failed) return;
      const s = row.signals;
      rows.push({
        docId: docIdOf(input.url),
        values: {
          ...(Object.fromEntries(FEATURE_NAMES.map((name) => [name, features[name]])) as Record<
            (typeof FEATURE_NAMES)[number],
            number
          >),
          answerability: s.answerability ?? 0.5,
          states_sought_fact: s.states_sought_fact ?? 0.5,
          prior: prior(row.candidate.provider_rank),
        },
      });
    });
    queries.push({ qrels: query.qrels, rows });
  }
  return queries;
}

function meanNdcg(queries: readonly Query[], weights: Weights): number {
  let sum = 0;
  for (const { qrels, rows } of queries) {
    const scored = rows.map((row) => {
      let score = 0;
      for (const p of PARAMETERS) score += weights[p] * row.values[p];
      return { docId: row.docId, score };
    });
    scored.sort((a, b) => b.score - a.score);
    sum += ndcgAt(
      10,
      scored.map((r) => r.docId),
      qrels,
    );
  }
  return queries.length > 0 ? sum / queries.length : 0;
}

const GRID = [0, 0.01, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8, 1];

/** Coordinate ascent: each weight in turn set to the grid value that raises the objective most, until none does. */
function coordinateAscent(objective: (w: Weights) => number, start: Weights): { weights: Weights; value: number } {
  let weights = { ...start };
  let value = objective(weights);
  for (let round = 0; round < 6; round += 1) {
    let improved = false;
    for (const p of PARAMETERS) {
      for (const v of GRID) {
        const trial = { ...weights, [p]: v };
        const trialValue = objective(trial);
        if (trialValue > value + 1e-6) {
          weights = trial;
          value = trialValue;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return { weights, value };
}

const current: Weights = {
  bm25: 0.3 * 0.14,
  ql: 0,
  coverage: 0.2 * 0.14,
  proximity: 0.3 * 0.14,
  ordered: 0,
  title: 0,
  feedback: 0.2 * 0.14,
  answerability: 0.12,
  states_sought_fact: 0.08,
  prior: 0.6,
};

/** Feature settings tried one at a time (`--settings`), each with its weights fit anew; the best on tune is kept. */
const SETTINGS: Partial<Record<keyof typeof RELEVANCE_TUNING, number[]>> = {
  mu: [30, 100, 300],
  feedbackDocs: [5, 8, 12],
  feedbackTerms: [8, 12, 20],
  titleWeight: [1, 2, 3],
  k1: [0.9, 1.2, 1.6],
  b: [0.4, 0.75],
};

const pools = [await scifactPool(), await dl19Pool()];

async function fit(
  prior: (rank: number) => number,
  name: string,
  quiet = false,
): Promise<{ weights: Weights; value: number }> {
  const sets = await Promise.all(pools.map((pool) => judgedRows(pool, prior)));
  const objective = (w: Weights) => sets.reduce((sum, queries) => sum + meanNdcg(queries, w), 0) / sets.length;
  const report = (label: string, w: Weights) => {
    const figures = pools.map((pool, i) => `${pool.name} ${meanNdcg(sets[i] ?? [], w).toFixed(4)}`);
    console.log(`${name} prior, ${label}: tune NDCG@10 ${figures.join(', ')}`);
  };
  if (!quiet) report('weights before the fit', current);
  let best = coordinateAscent(objective, current);
  // Restarts from the prior alone and from equal weights: coordinate ascent finds local optima.
  for (const start of [
    { ...current, ...Object.fromEntries(PARAMETERS.map((p) => [p, p === 'prior' ? 1 : 0])) },
    Object.fromEntries(PARAMETERS.map((p) => [p, 0.1])) as Weights,
  ]) {
    const next = coordinateAscent(objective, start);
    if (next.value > best.value) best = next;
  }
  const total = PARAMETERS.reduce((sum, p) => sum + best.weights[p], 0);
  const normalised = Object.fromEntries(
    PARAMETERS.map((p) => [p, Math.round((best.weights[p] / total) * (1 - AUTHORITY_SHARE) * 1000) / 1000]),
  ) as Weights;
  report('fit', normalised);
  if (!quiet) {
    const onTopic = FEATURE_NAMES.reduce((sum, f) => sum + normalised[f], 0);
    console.log(
      'on_topic blend (lexical-relevance.ts):',
      JSON.stringify(
        Object.fromEntries(FEATURE_NAMES.map((f) => [f, Math.round((normalised[f] / onTopic) * 1000) / 1000])),
      ),
    );
    console.log(
      'score weights (score-weights.ts):',
      JSON.stringify({
        on_topic: Math.round(onTopic * 1000) / 1000,
        answerability: normalised.answerability,
        states_sought_fact: normalised.states_sought_fact,
        authority: AUTHORITY_SHARE,
        provider_prior: normalised.prior,
      }),
    );
  }
  return { weights: normalised, value: objective(normalised) };
}

if (process.argv.includes('--settings')) {
  let best = (await fit(PRIORS.log, 'log', true)).value;
  for (const [key, values] of Object.entries(SETTINGS) as [keyof typeof RELEVANCE_TUNING, number[]][]) {
    const kept = RELEVANCE_TUNING[key] as number;
    let chosen = kept;
    for (const value of values.filter((v) => v !== kept)) {
      (RELEVANCE_TUNING as Record<string, unknown>)[key] = value;
      const { value: objective } = await fit(PRIORS.log, `log, ${key}=${value}`, true);
      if (objective > best + 1e-4) {
        best = objective;
        chosen = value;
      }
    }
    (RELEVANCE_TUNING as Record<string, unknown>)[key] = chosen;
    console.log(`${key}: ${chosen} (tune objective ${best.toFixed(4)})`);
  }
}
for (const [name, prior] of Object.entries(PRIORS)) await fit(prior, name);
