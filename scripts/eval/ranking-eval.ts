/**
 * Ranking quality through the search pipeline (`runSearch`: discover cache → cascade → hard
 * gates → top k), on two public collections:
 *
 * - BEIR SciFact: the corpus is indexed in memory once by the `local` provider (SQLite FTS5
 *   BM25); each judged claim is searched with max_candidates 100 and rank=off (the BM25 baseline,
 *   provider order), then rank=on with the cascade (JUDGE_TOP_N 30) and with the judge seeing every
 *   candidate. The three runs share one discover cache, so every configuration ranks the same
 *   100 candidates.
 * - TREC DL19 passage: each query's BM25 top 100 (`bm25_top100.run`, passage text from
 *   `corpus.jsonl`) is served by a fixed-pool provider and re-ranked the same way. The run itself,
 *   scored as trec_eval would, is the BM25 baseline (NDCG@10 0.5058).
 *
 * The public contract caps `k` at 25; the eval hands `runSearch` a request with k = 100 (after
 * validating the rest with the contract schema) so Recall@100 can be read from the returned
 * order. NDCG@10 is unaffected: the top 10 of k = 100 is the top 10 of k = 10. Documents removed
 * by the gates are missing from the returned order (they count as not retrieved), and are
 * reported: `relevant dropped` = relevant documents among the 100 candidates that rank=on did not
 * return.
 */
import type { SearchRequest } from '@rankgate/contracts';
import { SearchRequestSchema } from '@rankgate/contracts';
import type { Candidate, DiscoverProvider } from '../../services/search/src/discover/index.ts';
import { createLocalProvider } from '../../services/search/src/discover/local/index.ts';
import type { Judge } from '@rankgate/ranking';
import { screenResult } from '@rankgate/ranking/screening';
import { MemoryKeyValueStore } from '@rankgate/platform/stores';

import { judgeInputOf, runCascade } from '@rankgate/ranking';
import { DiscoverCache, normaliseQuery } from '../../services/search/src/domain/discover-cache.ts';
import { runSearch } from '../../services/search/src/domain/search-pipeline.ts';
import { dataPath } from './data.ts';
import type { Qrels, Run } from './metrics.ts';
import {
  countRelevant,
  meanOverJudged,
  ndcgAt,
  readBeirQueries,
  readJsonl,
  readQrelsTsv,
  readTrecRun,
  recallAt,
  runRankings,
} from './metrics.ts';
import { splitFigures } from './query-split.ts';
import type { ConfigResult, DatasetResult, Distribution } from './ranking-results.ts';
import { distribution } from './ranking-results.ts';

export const MAX_CANDIDATES = 100;
/** The search service's default JUDGE_TOP_N. */
export const CASCADE_TOP_N = 30;

export const docIdOf = (url: string): string => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));

interface Setting {
  label: string;
  rank: 'on' | 'off';
  judgeTopN: number;
}

const SETTINGS: readonly Setting[] = [
  { label: 'rank=off (provider BM25 order)', rank: 'off', judgeTopN: 0 },
  { label: `rank=on, cascade (JUDGE_TOP_N ${CASCADE_TOP_N})`, rank: 'on', judgeTopN: CASCADE_TOP_N },
  { label: `rank=on, judge all ${MAX_CANDIDATES}`, rank: 'on', judgeTopN: MAX_CANDIDATES },
];

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Every judged query through `runSearch` once per setting, all settings sharing one discover cache. */
async function throughPipeline(
  provider: DiscoverProvider,
  queries: ReadonlyMap<string, string>,
  qrels: Qrels,
  minGrade: number,
  judge: Judge,
): Promise<{
  configs: ConfigResult[];
  relevantInPool: number;
  candidatesPerQuery: number;
  localJudgeMs: Distribution | null;
}> {
  const store = new MemoryKeyValueStore();
  const cache = new DiscoverCache({ store, ttlMs: 24 * 3600 * 1000 });
  const context = { requestId: 'eval', signal: new AbortController().signal };
  const pools = new Map<string, string[]>();
  const configs: ConfigResult[] = [];
  let localJudgeMs: Distribution | null = null;
  try {
    for (const setting of SETTINGS) {
      const deps = { provider, cache, judge, judgeTopN: setting.judgeTopN, discoverDeadlineMs: 60_000 };
      const rankings = new Map<string, string[]>();
      const total: number[] = [];
      const rank: number[] = [];
      const screen: number[] = [];
      let calls = 0;
      let inputTokens = 0;
      let outputTokens = 0;
      let gatedOut = 0;
      let relevantDropped = 0;
      let relaxedQueries = 0;
      const diagnose = setting.rank === 'on' && judge.name === 'local';
      const preGate = new Map<string, string[]>();
      for (const [queryId, judged] of qrels) {
        const q = queries.get(queryId);
        if (q === undefined) throw new Error(`judged query ${queryId} has no text in queries.jsonl`);
        const validated = SearchRequestSchema.parse({ q, max_candidates: MAX_CANDIDATES, rank: setting.rank });
        // k above the public cap of 25, so Recall@100 can be read (see the header).
        const request: SearchRequest = { ...validated, k: MAX_CANDIDATES };
        const response = await runSearch(request, context, deps);
        const ranking = response.results.map((row) => docIdOf(row.url));
        rankings.set(queryId, ranking);
        if (setting.rank === 'off') pools.set(queryId, ranking);
        const pool = pools.get(queryId) ?? ranking;
        const returned = new Set(ranking);
        relevantDropped += countRelevant(
          pool.filter((docId) => !returned.has(docId)),
          judged,
          minGrade,
        );
        total.push(response.meta.timings_ms.total);
        rank.push(response.meta.timings_ms.rank);
        screen.push(response.meta.timings_ms.screen ?? 0);
        calls += response.meta.usage.judge_calls;
        inputTokens += response.meta.usage.input_tokens;
        outputTokens += response.meta.usage.output_tokens;
        gatedOut += response.meta.counts.gated_out;
        if (response.results.some((row) => row.gates_relaxed === true)) relaxedQueries += 1;
        if (diagnose) {
          const key = cache.key(provider.name, request.q, MAX_CANDIDATES);
          const cached = await cache.get(
            key,
            () => provider.discover(request.q, { maxCandidates: MAX_CANDIDATES, signal: context.signal }),
            { refresh: false },
          );
          const cascade = await runCascade(request.q, cached.candidates, {
            judge,
            judgeTopN: setting.judgeTopN,
            signal: context.signal,
          });
          preGate.set(
            queryId,
            cascade.ranked.map((row) => docIdOf(row.candidate.url)),
          );
        }
      }
      const n = Math.max(1, qrels.size);
      const ndcg = meanOverJudged(qrels, rankings, (ranking, judged) => ndcgAt(10, ranking, judged));
      const recall = meanOverJudged(qrels, rankings, (ranking, judged) => recallAt(100, ranking, judged, minGrade));
      configs.push({
        label: setting.label,
        rank: setting.rank,
        judgeTopN: setting.judgeTopN,
        judge: setting.rank === 'on' ? judge.name : 'none',
        ndcg10: ndcg.mean,
        recall100: recall.mean,
        totalMs: distribution(total),
        rankMs: distribution(rank),
        screenMs: distribution(screen),
        judgeCallsPerQuery: calls / n,
        inputTokensPerQuery: inputTokens / n,
        outputTokensPerQuery: outputTokens / n,
        gatedOut,
        relevantDropped,
        relaxedQueries,
        preGate: diagnose
          ? {
              ndcg10: meanOverJudged(qrels, preGate, (ranking, judged) => ndcgAt(10, ranking, judged)).mean,
              recall100: meanOverJudged(qrels, preGate, (ranking, judged) => recallAt(100, ranking, judged, minGrade))
                .mean,
            }
          : null,
        splits: splitFigures(ndcg.perQuery, recall.perQuery),
        perQuery: { ndcg10: Object.fromEntries([...ndcg.perQuery].map(([id, value]) => [id, round(value)])) },
      });
    }
    if (judge.name === 'local') localJudgeMs = await timeLocalJudge(judge, provider, cache, queries, qrels);
  } finally {
    await store.close();
  }
  let relevantInPool = 0;
  let candidates = 0;
  for (const [queryId, pool] of pools) {
    relevantInPool += countRelevant(pool, qrels.get(queryId) ?? new Map(), minGrade);
    candidates += pool.length;
  }
  return { configs, relevantInPool, candidatesPerQuery: pools.size > 0 ? candidates / pools.size : 0, localJudgeMs };
}

/**
 * The local judge's own CPU time on every candidate of each query (as the cascade hands them over:
 * the whole text, the provider rank, stage A's injection score), the discover cache warm.
 */
async function timeLocalJudge(
  judge: Judge,
  provider: DiscoverProvider,
  cache: DiscoverCache,
  queries: ReadonlyMap<string, string>,
  qrels: Qrels,
): Promise<Distribution> {
  const signal = new AbortController().signal;
  const times: number[] = [];
  for (const queryId of qrels.keys()) {
    const q = queries.get(queryId) ?? '';
    const { candidates } = await cache.get(
      cache.key(provider.name, q, MAX_CANDIDATES),
      () => provider.discover(q, { maxCandidates: MAX_CANDIDATES, signal }),
      { refresh: false },
    );
    const inputs = candidates.map((candidate, id) => judgeInputOf(candidate, id, screenResult(candidate).score));
    const started = process.cpuUsage();
    await judge.judge(q, inputs, { signal });
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  return distribution(times);
}

function relevantJudged(qrels: Qrels, minGrade: number): number {
  let count = 0;
  for (const judged of qrels.values()) for (const grade of judged.values()) if (grade >= minGrade) count += 1;
  return count;
}

/** SciFact through the local provider (index built in memory from corpus.jsonl) and the pipeline. */
export async function evaluateScifact(judge: Judge): Promise<DatasetResult> {
  const folder = 'beir-scifact';
  const queries = await readBeirQueries(dataPath(folder, 'queries.jsonl'));
  const qrels = await readQrelsTsv(dataPath(folder, 'qrels.tsv'));
  const started = performance.now();
  const provider = createLocalProvider({ corpusPath: dataPath(folder, 'corpus.jsonl') });
  try {
    await provider.init();
    const setupMs = performance.now() - started;
    const { configs, relevantInPool, candidatesPerQuery, localJudgeMs } = await throughPipeline(
      provider,
      queries,
      qrels,
      1,
      judge,
    );
    return {
      dataset: 'BEIR SciFact (test)',
      queries: qrels.size,
      minGrade: 1,
      relevantInPool,
      relevantJudged: relevantJudged(qrels, 1),
      candidatesPerQuery,
      setupMs,
      configs,
      localJudgeMs,
    };
  } finally {
    await provider.close();
  }
}

/** Serves each query's fixed candidate pool (a re-ranking protocol): the query text selects the pool. */
function fixedPoolProvider(name: string, pools: ReadonlyMap<string, Candidate[]>): DiscoverProvider {
  const byQuery = new Map([...pools].map(([q, candidates]) => [normaliseQuery(q), candidates]));
  return {
    name,
    async discover(query, { maxCandidates }) {
      const pool = byQuery.get(normaliseQuery(query));
      if (!pool) throw new Error(`no candidate pool for query ${JSON.stringify(query)}`);
      return pool.slice(0, maxCandidates);
    },
  };
}

const DL19_EXPECTED_BM25_NDCG10 = 0.5058;

/** Passages of the run only, streamed from corpus.jsonl. */
async function readPassages(path: string, wanted: ReadonlySet<string>): Promise<Map<string, string>> {
  const passages = new Map<string, string>();
  for await (const row of readJsonl(path)) {
    const id = typeof row._id === 'string' || typeof row._id === 'number' ? String(row._id) : undefined;
    if (id !== undefined && wanted.has(id)) passages.set(id, typeof row.text === 'string' ? row.text : '');
  }
  return passages;
}

/**
 * DL19: the BM25 run scored as is (the baseline), then each query's pool through the pipeline.
 * Candidates: title '' (MS MARCO passages have none), the passage as the snippet, URL
 * `local://<folder>/<passage id>`, provider_rank = position in trec_eval order.
 */
export async function evaluateDl19(judge: Judge): Promise<DatasetResult> {
  const folder = 'trec-dl19-passage-bm25top100';
  const minGrade = 2;
  const started = performance.now();
  const queries = await readBeirQueries(dataPath(folder, 'queries.jsonl'));
  const qrels = await readQrelsTsv(dataPath(folder, 'qrels.tsv'));
  const run: Run = await readTrecRun(dataPath(folder, 'bm25_top100.run'));
  const runOrder = runRankings(run);
  const wanted = new Set([...runOrder.values()].flat());
  const passages = await readPassages(dataPath(folder, 'corpus.jsonl'), wanted);

  const pools = new Map<string, Candidate[]>();
  for (const [queryId, ranking] of runOrder) {
    const q = queries.get(queryId);
    if (q === undefined) continue; // not a judged query
    const scores = new Map((run.get(queryId) ?? []).map((entry) => [entry.docId, entry.score]));
    pools.set(
      q,
      ranking.map((docId, i): Candidate => {
        const text = passages.get(docId);
        if (text === undefined) throw new Error(`passage ${docId} of query ${queryId} is not in corpus.jsonl`);
        return {
          title: '',
          url: `local://${folder}/${encodeURIComponent(docId)}`,
          snippet: text,
          provider_rank: i + 1,
          provider_score: scores.get(docId) ?? 0,
        };
      }),
    );
  }
  const setupMs = performance.now() - started;

  const { mean: baselineNdcg, perQuery: baselineNdcgPerQuery } = meanOverJudged(qrels, runOrder, (ranking, judged) =>
    ndcgAt(10, ranking, judged),
  );
  const { mean: baselineRecall, perQuery: baselineRecallPerQuery } = meanOverJudged(
    qrels,
    runOrder,
    (ranking, judged) => recallAt(100, ranking, judged, minGrade),
  );
  const provider = fixedPoolProvider('bm25-run', pools);
  const { configs, relevantInPool, candidatesPerQuery, localJudgeMs } = await throughPipeline(
    provider,
    queries,
    qrels,
    minGrade,
    judge,
  );
  return {
    dataset: 'TREC DL19 passage (BM25 top-100 re-rank)',
    queries: qrels.size,
    minGrade,
    relevantInPool,
    relevantJudged: relevantJudged(qrels, minGrade),
    candidatesPerQuery,
    setupMs,
    localJudgeMs,
    baseline: {
      label: 'BM25 run as given (trec_eval order)',
      ndcg10: baselineNdcg,
      recall100: baselineRecall,
      expectedNdcg10: DL19_EXPECTED_BM25_NDCG10,
      pass: baselineNdcg.toFixed(4) === DL19_EXPECTED_BM25_NDCG10.toFixed(4),
      splits: splitFigures(baselineNdcgPerQuery, baselineRecallPerQuery),
    },
    configs,
  };
}
