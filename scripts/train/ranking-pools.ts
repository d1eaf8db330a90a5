/**
 * The eval's candidate pools, read once for fitting the local judge's fusion (`fit-ranking.ts`):
 * SciFact's top 100 from the local provider and DL19's BM25 top 100, each query with its qrels and
 * its half of the split (scripts/eval/query-split.ts). Fitting reads the *tune* half only.
 */
import type { Candidate } from '@rankgate/ranking';
import { createLocalProvider } from '../../services/search/src/discover/local/index.ts';
import { dataPath } from '../eval/data.ts';
import { readBeirQueries, readJsonl, readQrelsTsv, readTrecRun, runRankings } from '../eval/metrics.ts';
import type { QuerySplit } from '../eval/query-split.ts';
import { splitOf } from '../eval/query-split.ts';
import { docIdOf, MAX_CANDIDATES } from '../eval/ranking-eval.ts';

export interface PoolQuery {
  id: string;
  text: string;
  split: QuerySplit;
  qrels: Map<string, number>;
  candidates: Candidate[];
}

export interface RankingPool {
  name: 'scifact' | 'dl19';
  minGrade: number;
  queries: PoolQuery[];
}

export { docIdOf };

export async function scifactPool(): Promise<RankingPool> {
  const folder = 'beir-scifact';
  const texts = await readBeirQueries(dataPath(folder, 'queries.jsonl'));
  const qrels = await readQrelsTsv(dataPath(folder, 'qrels.tsv'));
  const provider = createLocalProvider({ corpusPath: dataPath(folder, 'corpus.jsonl') });
  const signal = new AbortController().signal;
  const queries: PoolQuery[] = [];
  try {
    for (const [id, judged] of qrels) {
      const text = texts.get(id) ?? '';
      const candidates = await provider.discover(text, { maxCandidates: MAX_CANDIDATES, signal });
      queries.push({ id, text, split: splitOf(id), qrels: judged, candidates });
    }
  } finally {
    await provider.close();
  }
  return { name: 'scifact', minGrade: 1, queries };
}

export async function dl19Pool(): Promise<RankingPool> {
  const folder = 'trec-dl19-passage-bm25top100';
  const texts = await readBeirQueries(dataPath(folder, 'queries.jsonl'));
  const qrels = await readQrelsTsv(dataPath(folder, 'qrels.tsv'));
  const order = runRankings(await readTrecRun(dataPath(folder, 'bm25_top100.run')));
  const wanted = new Set([...order.values()].flat());
  const passages = new Map<string, string>();
  for await (const row of readJsonl(dataPath(folder, 'corpus.jsonl'))) {
    const id = String(row._id);
    if (wanted.has(id)) passages.set(id, typeof row.text === 'string' ? row.text : '');
  }
  const queries: PoolQuery[] = [];
  for (const [id, judged] of qrels) {
    const ranking = order.get(id) ?? [];
    const candidates = ranking.map((docId, i): Candidate => ({
      title: '',
      url: `local://${folder}/${encodeURIComponent(docId)}`,
      snippet: passages.get(docId) ?? '',
      provider_rank: i + 1,
    }));
    queries.push({ id, text: texts.get(id) ?? '', split: splitOf(id), qrels: judged, candidates });
  }
  return { name: 'dl19', minGrade: 2, queries };
}
