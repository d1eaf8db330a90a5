/**
 * Sets built from the DL19 pool's EVALUATION part (passages of the queries the training split left
 * out, see scripts/train/dl19-split.ts): the clean passages (false positives on real web text),
 * and "web passages": each BIPIA test attack spliced into a passage at the row's own position
 * (start / middle / end, one space, seeded), with as many clean passages beside them; and the same with each attack
 * disguised (./disguises.ts).
 */
import { collapse, splice } from '../train/splice.ts';
import type { SplicePosition } from '../train/splice.ts';
import { splitDl19Pool } from '../train/dl19-split.ts';
import { seededRandom } from '../train/random.ts';
import { dataPath } from './data.ts';
import { readJsonl } from './metrics.ts';
import { DISGUISES, disguise } from './disguises.ts';

export interface BuiltRow {
  text: string;
  label: 0 | 1;
  source: string;
  category: string | null;
}

const SEED = 1915;

/** The DL19 pool passages of evaluation queries, in corpus order. */
async function dl19EvaluationPassages(): Promise<string[]> {
  const { evaluation } = await splitDl19Pool(dataPath('trec-dl19-passage-bm25top100', 'bm25_top100.run'));
  const passages: string[] = [];
  for await (const row of readJsonl(dataPath('trec-dl19-passage-bm25top100', 'corpus.jsonl'))) {
    if (evaluation.has(String(row._id)) && typeof row.text === 'string') passages.push(collapse(row.text));
  }
  return passages;
}

export async function dl19EvaluationRows(): Promise<BuiltRow[]> {
  return (await dl19EvaluationPassages()).map((text) => ({ text, label: 0, source: 'dl19-pool', category: null }));
}

export async function webPassageRows(): Promise<BuiltRow[]> {
  return splicedRows(
    (attack) => ({ attack, category: null }),
    (passage) => passage,
  );
}

/**
 * The same attacks in the same passages, each written in one of the disguises (./disguises.ts, in turn: every kind
 * on a sixth of the rows), the disguise as its category; the clean passages beside them carry soft hyphens in
 * their long words, as typeset web text does.
 */
export async function disguisedWebPassageRows(): Promise<BuiltRow[]> {
  let next = 0;
  return splicedRows(
    (attack) => {
      const kind = DISGUISES[next++ % DISGUISES.length] ?? 'zero-width';
      return { attack: disguise(attack, kind), category: kind };
    },
    (passage) => disguise(passage, 'soft-hyphen'),
  );
}

/** Each BIPIA test attack spliced into a passage at its own position, and as many clean passages. */
async function splicedRows(
  write: (attack: string) => { attack: string; category: string | null },
  clean: (passage: string) => string,
): Promise<BuiltRow[]> {
  const random = seededRandom(SEED);
  const passages = random.shuffle(await dl19EvaluationPassages());
  const rows: BuiltRow[] = [];
  let next = 0;
  const take = (): string => passages[next++ % passages.length] ?? '';
  for await (const row of readJsonl(dataPath('pi-bipia-indirect', 'test.jsonl'))) {
    const attack = row.attack_text;
    const position = row.position;
    if (
      row.label !== 1 ||
      typeof attack !== 'string' ||
      (position !== 'start' && position !== 'middle' && position !== 'end')
    )
      continue;
    const written = write(attack);
    rows.push({
      text: splice(take(), written.attack, position as SplicePosition),
      label: 1,
      source: String(row.source ?? 'bipia'),
      category: written.category ?? position,
    });
  }
  const attacks = rows.length;
  for (let i = 0; i < attacks; i += 1)
    rows.push({ text: clean(take()), label: 0, source: 'dl19-clean', category: 'clean' });
  return rows;
}
