/**
 * The DL19 pool split BY QUERY with a fixed hash of the query id: passages of training queries are
 * training negatives; passages of evaluation queries are the eval's clean web passages (FPR and the
 * web-passages set). A passage in both parts' pools belongs to evaluation (never trained on).
 */
import { readFile } from 'node:fs/promises';

import { stableHash } from './random.ts';

/** Queries whose hash is below this share of 2^32 are training queries (about 60 %). */
const TRAIN_SHARE = 0.6;

const isTrainingQuery = (queryId: string): boolean => stableHash(`dl19:${queryId}`) / 4294967296 < TRAIN_SHARE;

export interface Dl19Split {
  train: Set<string>;
  evaluation: Set<string>;
}

/** Passage ids of each part, from the pool's run file (`qid Q0 docid rank score tag`). */
export async function splitDl19Pool(runPath: string): Promise<Dl19Split> {
  const train = new Set<string>();
  const evaluation = new Set<string>();
  for (const line of (await readFile(runPath, 'utf8')).split('\n')) {
    const [qid, , docid] = line.trim().split(/\s+/);
    if (!qid || !docid) continue;
    (isTrainingQuery(qid) ? train : evaluation).add(docid);
  }
  for (const id of evaluation) train.delete(id);
  return { train, evaluation };
}
