/**
 * Ranking metrics with trec_eval semantics, and readers for the evaluation files (BEIR
 * `queries.jsonl` / `qrels.tsv`, TREC run files). Eval only: nothing in the product imports this.
 *
 * Semantics (trec_eval 9.x `ndcg_cut.10`, `recall.100`):
 * - gain = the judged grade (linear; grades ≤ 0 and unjudged documents give 0);
 * - discount log2(rank + 1), rank 1-based;
 * - the ideal ranking is built from ALL judged documents of the query, also those the run never
 *   retrieved, so a ranker is not rewarded for a poor candidate pool;
 * - recall@k = relevant documents (grade ≥ minGrade) in the top k / all relevant judged documents;
 * - a query with no relevant judged document scores 0 (trec_eval's guard);
 * - the mean is over judged queries (those in the qrels); a judged query missing from the run
 *   counts 0 (trec_eval `-c`). For SciFact and DL19 every judged query is in every run.
 *
 * Ties: trec_eval ignores a run file's rank column and orders each query's documents by score
 * descending, then by docno descending (strcmp). {@link rankingFromScores} does exactly that.
 * Rankings produced by the pipeline are scored in their returned order (the response's ranks are
 * distinct), which is what trec_eval would read if the ranks were written as strictly decreasing
 * scores.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** One query's judgments: document id → grade. */
export type QueryQrels = ReadonlyMap<string, number>;
/** All judgments: query id → document id → grade. */
export type Qrels = Map<string, Map<string, number>>;

export interface RunEntry {
  docId: string;
  rank: number;
  score: number;
}
/** A TREC run: query id → its entries, in file order. */
export type Run = Map<string, RunEntry[]>;

const gainOf = (grade: number | undefined): number => (grade !== undefined && grade > 0 ? grade : 0);

/** Documents in first-seen order, duplicates dropped (a document counts once). */
function distinct(ranking: readonly string[]): string[] {
  return [...new Set(ranking)];
}

/** NDCG@k of one ranking (document ids, best first) against one query's judgments. */
export function ndcgAt(k: number, ranking: readonly string[], qrels: QueryQrels): number {
  let dcg = 0;
  distinct(ranking)
    .slice(0, k)
    .forEach((docId, i) => {
      const gain = gainOf(qrels.get(docId));
      if (gain > 0) dcg += gain / Math.log2(i + 2);
    });
  const ideal = [...qrels.values()]
    .map(gainOf)
    .filter((gain) => gain > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = ideal.reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

/** Recall@k: share of the query's relevant documents (grade ≥ minGrade) found in the top k. */
export function recallAt(k: number, ranking: readonly string[], qrels: QueryQrels, minGrade = 1): number {
  let relevant = 0;
  for (const grade of qrels.values()) if (grade >= minGrade) relevant += 1;
  if (relevant === 0) return 0;
  let found = 0;
  for (const docId of distinct(ranking).slice(0, k)) {
    const grade = qrels.get(docId);
    if (grade !== undefined && grade >= minGrade) found += 1;
  }
  return found / relevant;
}

/** Relevant documents (grade ≥ minGrade) of a query among `docIds`. */
export function countRelevant(docIds: Iterable<string>, qrels: QueryQrels, minGrade = 1): number {
  let count = 0;
  for (const docId of new Set(docIds)) {
    const grade = qrels.get(docId);
    if (grade !== undefined && grade >= minGrade) count += 1;
  }
  return count;
}

/** trec_eval's order for one query: score descending, then docno descending (byte order). */
export function rankingFromScores(entries: readonly Pick<RunEntry, 'docId' | 'score'>[]): string[] {
  return [...entries]
    .sort((a, b) => b.score - a.score || (a.docId < b.docId ? 1 : a.docId > b.docId ? -1 : 0))
    .map((entry) => entry.docId);
}

export interface MeanMetric {
  mean: number;
  /** Per judged query. */
  perQuery: Map<string, number>;
}

/**
 * A metric averaged over the judged queries (every query id in `qrels`). `rankings` maps a query
 * id to its ranking; a judged query without one scores with an empty ranking (0).
 */
export function meanOverJudged(
  qrels: Qrels,
  rankings: ReadonlyMap<string, readonly string[]>,
  metric: (ranking: readonly string[], judged: QueryQrels) => number,
): MeanMetric {
  const perQuery = new Map<string, number>();
  for (const [queryId, judged] of qrels) perQuery.set(queryId, metric(rankings.get(queryId) ?? [], judged));
  const values = [...perQuery.values()];
  return { mean: values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0, perQuery };
}

/** Every run query's ranking in trec_eval order. */
export function runRankings(run: Run): Map<string, string[]> {
  return new Map([...run].map(([queryId, entries]) => [queryId, rankingFromScores(entries)]));
}

async function* lines(path: string): AsyncGenerator<string> {
  const reader = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of reader) if (line.trim() !== '') yield line;
}

/** JSON objects of a JSONL file, streamed. */
export async function* readJsonl(path: string): AsyncGenerator<Record<string, unknown>> {
  let lineNumber = 0;
  for await (const line of lines(path)) {
    lineNumber += 1;
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`${path}:${lineNumber}: not a JSON object`);
    yield value as Record<string, unknown>;
  }
}

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** BEIR `queries.jsonl`: `{_id, text}` per line → query id → text. */
export async function readBeirQueries(path: string): Promise<Map<string, string>> {
  const queries = new Map<string, string>();
  for await (const row of readJsonl(path)) {
    const id = idOf(row._id);
    if (id === undefined || typeof row.text !== 'string') throw new Error(`${path}: a query without "_id" or "text"`);
    queries.set(id, row.text);
  }
  return queries;
}

/** BEIR `qrels.tsv`: a header row, then `query-id  corpus-id  score` (tab-separated). */
export function parseQrelsTsv(text: string, source = 'qrels'): Qrels {
  const qrels: Qrels = new Map();
  const rows = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  rows.forEach((line, i) => {
    const [queryId, docId, grade] = line.split('\t').map((field) => field.trim());
    if (i === 0 && !/^-?\d+$/.test(grade ?? '')) return; // the header row
    const value = Number(grade);
    if (!queryId || !docId || grade === undefined || !Number.isFinite(value))
      throw new Error(`${source}:${i + 1}: expected "query-id<TAB>corpus-id<TAB>score"`);
    let judged = qrels.get(queryId);
    if (!judged) qrels.set(queryId, (judged = new Map()));
    judged.set(docId, value);
  });
  return qrels;
}

export async function readQrelsTsv(path: string): Promise<Qrels> {
  return parseQrelsTsv(await readFile(path, 'utf8'), path);
}

/**
 * A TREC run: `qid Q0 docid rank score tag` (whitespace-separated). A repeated document is an error, as in trec_eval.
 */
export function parseTrecRun(text: string, source = 'run'): Run {
  const run: Run = new Map();
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const [queryId, _q0, docId, rank, score] = line.trim().split(/\s+/);
    const entry = { docId: docId ?? '', rank: Number(rank), score: Number(score) };
    if (!queryId || !entry.docId || !Number.isFinite(entry.rank) || !Number.isFinite(entry.score)) {
      throw new Error(`${source}:${i + 1}: expected "qid Q0 docid rank score tag"`);
    }
    const key = `${queryId}\u0000${entry.docId}`;
    if (seen.has(key))
      throw new Error(`${source}:${i + 1}: document ${entry.docId} appears twice for query ${queryId}`);
    seen.add(key);
    let entries = run.get(queryId);
    if (!entries) run.set(queryId, (entries = []));
    entries.push(entry);
  });
  return run;
}

export async function readTrecRun(path: string): Promise<Run> {
  return parseTrecRun(await readFile(path, 'utf8'), path);
}
