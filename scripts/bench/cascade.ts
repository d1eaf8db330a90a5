/**
 * What the cascade saves in judge cost: the eval's DL19 run (scripts/eval/ranking-eval.ts: each of
 * the 43 judged queries' BM25 top 100 through the search pipeline, `runSearch`) with an
 * OpenAI-compatible LLM judge — the fake one of the e2e harness on 127.0.0.1, which scores every
 * candidate and reports tokens as prompt characters ÷ 4 and 20 output tokens per candidate — once
 * with the cascade (JUDGE_TOP_N 30, the default) and once judging all 100 candidates. Calls and
 * tokens are `meta.usage` per query. The fake's scores are constant, so quality is not measured
 * here (`npm run eval` does that); the ratio of cost is what counts.
 *
 * Needs the evaluation data (see scripts/eval/data.ts); without it the section is skipped.
 * Alone: `node scripts/bench/cascade.ts`; writes .bench/cascade.json.
 */
import { startFakeOpenAi } from '../../e2e/harness/fake-openai.ts';
import { dataAvailable } from '../eval/data.ts';
import { createJudge } from '../eval/eval-judge.ts';
import { CASCADE_TOP_N, evaluateDl19, MAX_CANDIDATES } from '../eval/ranking-eval.ts';
import type { ConfigResult } from '../eval/ranking-results.ts';
import { renderText } from '../eval/report.ts';
import type { CascadeConfigFigures, CascadeSection } from './results.ts';
import { writeScratch } from './results.ts';
import { isMain } from './settings.ts';
import { round } from './stats.ts';
import { cascadeTable } from './tables.ts';

const DATA_FILES = ['queries.jsonl', 'qrels.tsv', 'bm25_top100.run', 'corpus.jsonl'].map(
  (file) => `trec-dl19-passage-bm25top100/${file}`,
);
/** The LLM judges' default candidates per request (shared/ranking/src/llm/llm-judge.ts). */
const JUDGE_BATCH_SIZE = 8;

/** Why the section cannot run here, or undefined when it can. */
export const cascadeUnavailable = (): string | undefined =>
  dataAvailable(...DATA_FILES)
    ? undefined
    : 'the TREC DL19 evaluation data is not here (see scripts/eval/data.ts; set EVAL_DATA_DIR)';

const figuresOf = (config: ConfigResult | undefined): CascadeConfigFigures => {
  if (!config) throw new Error('the eval returned no rank=on configuration');
  return {
    label: config.label,
    judgeTopN: config.judgeTopN,
    judgeCallsPerQuery: round(config.judgeCallsPerQuery, 2),
    inputTokensPerQuery: round(config.inputTokensPerQuery),
    outputTokensPerQuery: round(config.outputTokensPerQuery),
    rankMsP50: round(config.rankMs.p50, 1),
  };
};

export async function measureCascade(): Promise<CascadeSection> {
  const fake = await startFakeOpenAi();
  try {
    const judge = await createJudge('openai', { JUDGE_BASE_URL: fake.url, JUDGE_MODEL: 'fake-judge' });
    const result = await evaluateDl19(judge);
    return {
      dataset: result.dataset,
      queries: result.queries,
      candidatesPerQuery: round(result.candidatesPerQuery, 1),
      judge: 'OpenAI-compatible (fake, 127.0.0.1)',
      batchSize: JUDGE_BATCH_SIZE,
      cascade: figuresOf(result.configs.find((c) => c.rank === 'on' && c.judgeTopN === CASCADE_TOP_N)),
      all: figuresOf(result.configs.find((c) => c.rank === 'on' && c.judgeTopN === MAX_CANDIDATES)),
    };
  } finally {
    await fake.close();
  }
}

if (isMain(import.meta.url)) {
  const reason = cascadeUnavailable();
  if (reason) {
    console.error(`skipped: ${reason}`);
    process.exit(1);
  }
  const section = await measureCascade();
  console.log(renderText(cascadeTable(section)));
  console.log(`\nwrote ${await writeScratch('cascade', { date: new Date().toISOString(), ...section })}`);
}
