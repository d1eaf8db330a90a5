/**
 * `npm run eval`: ranking quality (SciFact, DL19) and injection detection on the public sets in
 * the data folder (see ./data.ts), printed as tables, written to `.bench/eval.json` and to
 * `docs/quality.md`.
 *
 *   --only ranking|injection   run one half (docs/quality.md then says the other was not run)
 *   --judge local|openai|anthropic   the rank=on judge (default local); exits 2 when unavailable
 *
 * Exit codes: 0 measured (failing acceptance targets are reported, not fatal), 1 the DL19 BM25
 * sanity check failed (the metric code is wrong) or an error, 2 bad arguments or judge unavailable.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import type { Judge } from '@rankgate/ranking';
import { createOpenAiJudge } from '@rankgate/ranking';

import { DATA_DIR, REPO_ROOT } from './data.ts';
import { CHARS_PER_TOKEN, startFakeOpenAi } from './fake-openai-server.ts';
import type { InjectionResult } from './injection-eval.ts';
import { evaluateInjection } from './injection-eval.ts';
import { createJudge, JUDGE_NAMES, JudgeUnavailableError } from './eval-judge.ts';
import { TUNING_PROVENANCE } from './tuning-provenance.ts';
import { CASCADE_TOP_N, evaluateDl19, evaluateScifact, MAX_CANDIDATES } from './ranking-eval.ts';
import type { DatasetResult } from './ranking-results.ts';
import type { Table } from './report.ts';
import {
  cascadeCostTable,
  injectionTables,
  rankingSplitTable,
  rankingTable,
  rankingTargetTable,
  renderMarkdown,
  renderText,
} from './report.ts';

const USAGE = `usage: npm run eval -- [--only ranking|injection] [--judge ${JUDGE_NAMES.join('|')}]`;

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

interface EvalReport {
  date: string;
  commit: string | null;
  dirty: boolean;
  node: string;
  data_dir: string;
  judge: string;
  ranking: { scifact: DatasetResult; dl19: DatasetResult } | null;
  /**
   * The ranking runs again with the `openai` judge against a fake model: calls and tokens, cascade vs all, per
   * JUDGE_MODE.
   */
  cascadeCost: { model: string; results: DatasetResult[]; listwise: DatasetResult[] } | null;
  injection: InjectionResult | null;
  duration_s: number;
}

const PROTOCOL = `- **NDCG@10** with trec_eval semantics (\`ndcg_cut.10\`): gain = grade (linear), discount log2(rank + 1), the ideal
  ranking built from *all* judged documents of the query (also those outside the candidates), unjudged = 0, mean over
  judged queries. **Recall@100** = relevant judged documents in the top 100 / all relevant judged documents (SciFact:
  grade ≥ 1; DL19: grade ≥ 2). Code: \`scripts/eval/metrics.ts\`; its acceptance test scores the DL19 BM25 run at 0.5058.
- A run file is ordered as trec_eval orders it (score descending, then docno descending). Pipeline output is scored in its
  returned order.
- **SciFact**: the local provider indexes \`corpus.jsonl\` in memory (SQLite FTS5 BM25, title ×2); every judged claim goes
  through \`runSearch\` (discover cache → cascade → hard gates) with max_candidates ${MAX_CANDIDATES}: rank=off (the BM25 baseline),
  rank=on with the cascade (JUDGE_TOP_N ${CASCADE_TOP_N}, the default) and rank=on with every candidate judged. All three share one
  discover cache, so they rank the same candidates.
- **DL19**: each query's BM25 top 100 (\`bm25_top100.run\`; passage text from \`corpus.jsonl\`, no title) is served by a
  fixed-pool provider and goes through \`runSearch\` the same way; the run scored as given is the BM25 baseline.
- The contract caps \`k\` at 25; the eval passes k = ${MAX_CANDIDATES} to read Recall@100 (NDCG@10 is the same as with k = 10).
  Rows removed by the hard gates are missing from the returned order, so they count as not retrieved. *Relevant dropped* =
  relevant candidates rank=on did not return; *pre-gate* = the cascade's order before the gates (\`runCascade\` on the same
  candidates; local judge only), to separate the ranking's effect from the gates'. *Relaxed q* = queries where the gates
  removed every candidate and the relax rule restored them.
- Times are \`meta.timings_ms\` per query, one query at a time on this machine; rank=off pays the discover (the local
  index search with snippets) and screens each result on first sight, the rank=on runs hit the discover cache and
  the remembered screening verdicts (\`SCREENING_MEMO_ENTRIES\`), as a repeated search does; *of which screening* is
  \`meta.timings_ms.screen\`, stage A's screening within *rank*. Judge calls and tokens are \`meta.usage\` (the
  local judge makes one call per query and uses no tokens).
- **Injection**: each set is scored twice at the gate (score ≥ 0.55, PROMPT_INJECTION_THRESHOLD): *detectInjection*, the
  row's raw text; and *runSearch*, each row returned by a fixed provider as one result's description (titled "Search
  result", whitespace collapsed as every adapter does) and screened by the pipeline's stage A (rank=off, so no other gate
  hides a row; \`scripts/eval/injection-pipeline.ts\`). The acceptance targets read the runSearch figures. Two sets are built
  (\`scripts/eval/web-passages.ts\`): *DL19 pool passages* of the **evaluation queries** (the pool is split by query with a
  fixed hash of the query id, \`scripts/train/dl19-split.ts\`; about 60 % of the queries are training queries, whose
  passages the detector was trained on, the rest are here, and a passage in both pools counts as evaluation); and *web
  passages*: each BIPIA test attack spliced into one of those passages at the row's own position (start / middle / end,
  one space, seeded), with as many clean passages beside them; *disguised web passages*: the same rows with each
  attack written in one of six disguises in turn (zero-width spaces or soft hyphens inside words, invisible Unicode tag
  characters, fullwidth or mathematical letters, Cyrillic look-alikes: \`scripts/eval/disguises.ts\`), the clean
  passages with soft hyphens in their long words. The *probe* set (\`scripts/eval/probe/\`) is 40 attacks and
  40 hard negatives the team wrote as web passages; *probe 2* (\`injection-probe-2.jsonl\` there) is 30 attacks and 60 hard
  negatives (docs and privacy notes about the user, exercises about an answer, reply style guides, harmless code to
  add) written by a helper that saw neither the detector nor its training templates; *probe 3*
  (\`injection-probe-3.jsonl\`) is 40 attacks in eight jailbreak classes (fictional frames, personas, fake authority,
  split or encoded instructions, persuasion, a conclusion dictated to the summariser, other languages, invented dialogue
  turns), half inside web passages, and 60 hard negatives of the same vocabulary, written the same way; *probe 4*
  (\`injection-probe-4.jsonl\`) is 100 attacks in five classes (a persona without rules, an address to the AI planted in
  a page, invented chat turns in other languages, prompt theft, an agent told to act) and 100 hard negatives (AI docs,
  security articles, chats in other languages, fiction and games, requests to people), written the same way as the
  validation rows of detector round 14; *probe 5* (\`injection-probe-5.jsonl\`) is 100 attacks in five classes (a persona
  shift, an address planted in a page, an agent told to use its tools, other languages, control of the reply) and 100
  hard negatives (injection research, LLM how-tos, classroom exercises, office requests, pages in other languages),
  written the same way as the validation rows of detector round 15; *probe 6* (\`injection-probe-6.jsonl\`) is 100 attacks
  in five classes (an instruction hidden in markup, an agent told to act, the answer manipulated, a new identity or a
  claimed authority, links and data sent away) and 100 hard negatives (teaching material, articles and docs about AI,
  explainers of attacks, instructions to people, pages in other languages), written the same way as the validation rows
  of detector round 16; *probe 7* (\`injection-probe-7.jsonl\`) is 96 attacks in five classes (an agent told to use its
  tools, the ranking or recommendation steered, an instruction inside structured data, forged turns and tool output,
  other and mixed languages) and 95 hard negatives (agent and automation docs, help-centre steps, teaching prompt
  engineering, news and essays on AI security, everyday imperatives), written the same way as the validation rows of
  detector round 17; the trainer reads none of them. Precision, recall, F1 and false-positive rate per set, per
  \`source\` and per category field. Time per row is one \`detectInjection\` call (nearest-rank p50 / p99 over the rows; the rows are
  scored untimed until a pass over them takes within 5 % of the pass before (at most six passes: V8 has optimised the
  detector by then, as it has in a running service), then each is timed five times: p50 / p99 of each row's median, and *best-round p50*, the p50 of each row's fastest
  time, the detector's own cost without the time other processes on the machine took from it, which comes and goes over
  seconds on this shared 2-core machine: the convention of Python's timeit);
  the web-passages row is the time per snippet. *Page time*: 100 pages of 20,000 characters of consecutive SciFact
  abstracts, one \`detectInjection\` call each; the same pages with one instruction planted in the middle; and one
  \`screenPage\` call with three ordinary hidden parts, timed as the rows are. Wall time on a shared 2-core machine (other work running at the
  same time inflates it, p99 most), and the process's CPU time per page.
- **Cascade cost**: the ranking runs again with the \`openai\` judge (the real adapter, OpenAI wire format) against a
  deterministic fake model on 127.0.0.1 (\`scripts/eval/fake-openai-server.ts\`), for the cascade (JUDGE_TOP_N ${CASCADE_TOP_N}) and for
  every candidate judged, in both judge modes (\`JUDGE_MODE=pointwise\` and \`listwise\`: the pointwise batches, then windows
  of 20 sliding up by 10); calls and tokens are \`meta.usage\` as the adapter counted them from the wire format's \`usage\`.
- **Tune / held-out**: every ranking figure is also given for each half of the queries (FNV-1a hash of the query id, even =
  tune, odd = held-out); ranking settings are chosen on the tune half only.
${TUNING_PROVENANCE}`;

const ANCHORS = `| system | SciFact | DL19 |
|---|---|---|
| BM25 | 0.665 (BEIR) / 0.679 (Anserini, title+text) | 0.506 |
| BM25 + MiniLM-L6 cross-encoder | 0.688 | 0.743 |
| monoT5-3B | 0.766 | 0.717 |
| RankZephyr-7B (listwise LLM) | — | 0.737 |
| RankGPT gpt-4o-mini | — | 0.735 |`;

function qualityMarkdown(report: EvalReport, only: string | undefined): string {
  const notRun = (part: string) =>
    `Not run in this invocation (\`--only ${only ?? part}\`); run \`npm run eval\` for both.`;
  const md = (table: Table) => renderMarkdown(table);
  const rankingPart = report.ranking
    ? [
        md(rankingTable(report.ranking.scifact)),
        '',
        md(rankingTable(report.ranking.dl19)),
        '',
        md(rankingSplitTable(report.ranking.scifact)),
        '',
        md(rankingSplitTable(report.ranking.dl19)),
        '',
        `**Sanity check**: DL19 BM25 run NDCG@10 = ${report.ranking.dl19.baseline?.ndcg10.toFixed(4) ?? '—'} (expected 0.5058): ` +
          `**${report.ranking.dl19.baseline?.pass ? 'PASS' : 'FAIL'}**.`,
        '',
        md(rankingTargetTable([report.ranking.scifact, report.ranking.dl19])),
        '',
        "The local judge reads the whole text the provider returned (for the local provider the document's first " +
          '2,000 characters beside the snippet) and scores it with BM25F, coverage, term proximity and RM3 feedback from the ' +
          "batch ([ranking.md](ranking.md)). These are the features BM25 and BM25+RM3 already are, so on BM25's own pool they " +
          'add little: published BM25+RM3 on DL19 is about 0.52. What the gates change is shown by *relevant dropped*. Reaching ' +
          'the cross-encoder figures below needs a judge that understands the text (`--judge openai|anthropic`, ' +
          '`JUDGE_MODE=listwise`, against a real model).',
        '',
        ...(report.cascadeCost
          ? [
              md(cascadeCostTable(report.cascadeCost.results, report.cascadeCost.model, report.cascadeCost.listwise)),
              '',
              `The fake model scores each fenced candidate by word overlap with the query and reports usage as the wire format does ` +
                `(\`usage.prompt_tokens\`, \`completion_tokens\`; one token per ${CHARS_PER_TOKEN} characters of the messages and of the reply); the judge ` +
                'sends 8 candidates per call. In listwise mode it then ranks windows of 20 passages by the same overlap and answers ' +
                '`[3] > [1] > …`. Calls and tokens are what `meta.usage` reports; NDCG here measures the stand-in, not a real model.',
              '',
            ]
          : []),
        'Published anchors (NDCG@10), for comparison:',
        '',
        ANCHORS,
      ].join('\n')
    : notRun('injection');
  const injectionPart = report.injection ? injectionTables(report.injection).map(md).join('\n\n') : notRun('ranking');
  return `# Quality: ranking and injection screening, measured

<!-- Generated by \`npm run eval\` (scripts/eval/run-eval.ts); edit the script, not this file. -->

Measured ${report.date} at commit \`${report.commit ?? 'unknown'}\`${report.dirty ? ' (with uncommitted changes)' : ''}, Node ${report.node},
judge \`${report.judge}\`, in ${report.duration_s.toFixed(1)} s. Raw figures, per-query NDCG included: \`.bench/eval.json\`.
The data sets (\`shared/data/\` beside the checkout, or \`EVAL_DATA_DIR\`) are for measurement only: the product neither
ships nor reads them.

## Protocol

${PROTOCOL}

## Ranking

${rankingPart}

## Injection detection

${injectionPart}

Acceptance targets (read on the runSearch figures): recall ≥ 0.90 on BIPIA test attacks in web passages with FPR ≤ 0.02 on
its clean passages; recall ≥ 0.90 on BIPIA test with FPR ≤ 0.02; recall ≥ 0.60 on CyberSecEval; FPR ≤ 0.05 on NotInject,
≤ 0.03 on WildGuard benign, ≤ 0.01 on DL19 pool passages; and the detector's time on the machine the eval ran on, ≤ 50 µs
p50 per snippet (the web passages) and ≤ 2 ms p50 per 20 KB page (wall time: other work on a shared machine adds to it,
see *Page time* above). See *Tuning provenance* above for what informed the detector.

What the detector misses: tasks for an assistant with no tell-tale words ("Write a short story about …", "Explain …",
plain questions) planted in unrelated text (BIPIA's content-creation, tutoring and question categories), which read the
same as ordinary requests or FAQ text one sentence at a time; CyberSecEval's direct rows measured against a system
prompt the detector never sees; and jailbreaks with no tell-tale words (a plea or a bribe around a harmful request,
invented dialogue turns, attacks in languages the rules do not cover: probe 3); probe 7's attacks in other languages
(its other classes written in them: an agent's task, a steered answer, an instruction in structured data, forged turns;
2 of 19 caught); and a ranking or recommendation steered in plain words (probe 7: 9 of 19). The false-positive targets hold; hard negatives about AI
and attacks are the most flagged (probe 2's docs about "the user", exercises about "your answer" and reply style
guides, 11 of 60; probe 4's security articles, 7 of 20), most of them by the learned model, and a note to language
models that only informs ("Note for language models: the figures are in thousands") is taken over the gate by the
address rule families.

## Reproduce

\`\`\`sh
npm run eval                       # both halves, local judge
npm run eval -- --only injection   # or --only ranking; --judge openai|anthropic once those judges exist
npx vitest run scripts/eval        # metric unit tests + the DL19 0.5058 acceptance test
npm run train:screening            # retrains the injection model; reproduces the shipped artefact byte for byte
\`\`\`
`;
}

async function main(): Promise<number> {
  let values: { only?: string; judge?: string };
  try {
    ({ values } = parseArgs({
      options: { only: { type: 'string' }, judge: { type: 'string', default: 'local' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const only = values.only;
  if (only !== undefined && only !== 'ranking' && only !== 'injection') {
    console.error(`--only must be ranking or injection\n${USAGE}`);
    return 2;
  }
  const judgeName = values.judge ?? 'local';
  const started = performance.now();

  let judge: Judge | undefined;
  if (only !== 'injection') {
    try {
      judge = await createJudge(judgeName);
    } catch (error) {
      if (error instanceof JudgeUnavailableError) {
        console.error(`${error.message}\n${USAGE}`);
        return 2;
      }
      throw error;
    }
  }

  let ranking: EvalReport['ranking'] = null;
  if (judge) {
    console.log(`Ranking eval (judge ${judge.name}, data ${DATA_DIR}) …`);
    const scifact = await evaluateScifact(judge);
    const dl19 = await evaluateDl19(judge);
    ranking = { scifact, dl19 };
    console.log(
      `\nSciFact local index built in memory in ${(scifact.setupMs / 1000).toFixed(2)} s; DL19 pools loaded in ${(dl19.setupMs / 1000).toFixed(2)} s.\n`,
    );
    console.log(`${renderText(rankingTable(scifact))}\n`);
    console.log(`${renderText(rankingTable(dl19))}\n`);
    console.log(`${renderText(rankingSplitTable(scifact))}\n`);
    console.log(`${renderText(rankingSplitTable(dl19))}\n`);
    console.log(
      `DL19 BM25 sanity check: NDCG@10 ${dl19.baseline?.ndcg10.toFixed(4) ?? '—'} (expected 0.5058): ${dl19.baseline?.pass ? 'PASS' : 'FAIL'}\n`,
    );
    console.log(`${renderText(rankingTargetTable([scifact, dl19]))}\n`);
  }

  let cascadeCost: EvalReport['cascadeCost'] = null;
  if (ranking) {
    const fake = await startFakeOpenAi();
    try {
      const llm = createOpenAiJudge({ baseUrl: fake.baseUrl, model: fake.model });
      console.log(`Cascade cost: the openai judge against a fake model on ${fake.baseUrl} …`);
      const results = [await evaluateDl19(llm), await evaluateScifact(llm)];
      const listwiseJudge = createOpenAiJudge({ baseUrl: fake.baseUrl, model: fake.model, mode: 'listwise' });
      const listwise = [await evaluateDl19(listwiseJudge), await evaluateScifact(listwiseJudge)];
      cascadeCost = { model: fake.model, results, listwise };
      console.log(
        `${renderText(cascadeCostTable(results, fake.model, listwise))}\n(${fake.requests} chat completions answered)\n`,
      );
    } finally {
      await fake.close();
    }
  }

  let injection: InjectionResult | null = null;
  if (only !== 'ranking') {
    injection = await evaluateInjection();
    for (const table of injectionTables(injection)) console.log(`${renderText(table)}\n`);
  }

  const report: EvalReport = {
    date: new Date().toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: (git(['status', '--porcelain']) ?? '') !== '',
    node: process.version,
    data_dir: DATA_DIR,
    judge: judge?.name ?? judgeName,
    ranking,
    cascadeCost,
    injection,
    duration_s: (performance.now() - started) / 1000,
  };
  await mkdir(join(REPO_ROOT, '.bench'), { recursive: true });
  await writeFile(join(REPO_ROOT, '.bench', 'eval.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(REPO_ROOT, 'docs', 'quality.md'), qualityMarkdown(report, only));
  console.log(`Wrote .bench/eval.json and docs/quality.md (${report.duration_s.toFixed(1)} s).`);
  return ranking && ranking.dl19.baseline?.pass === false ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
