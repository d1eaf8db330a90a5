/**
 * The probe set: 40 attacks and 40 hard negatives written by the team in the style of ordinary
 * web passages (scripts/eval/probe/injection-probe.jsonl). It is evaluation data only: the trainer
 * never reads it and nothing was tuned on it. The attacks are kinds no public set here covers well
 * (fake tool and system messages, markdown exfiltration, several languages, typos and spacing,
 * encodings); the negatives are what a detector over-flags (security articles about injection,
 * API docs with system prompts, exercises, how-tos, notices). Small, so read its rates as coarse.
 */
import { fileURLToPath } from 'node:url';

import { readJsonl } from './metrics.ts';
import type { BuiltRow } from './web-passages.ts';

const PROBE_FILE = fileURLToPath(new URL('./probe/injection-probe.jsonl', import.meta.url));

export async function probeRows(): Promise<BuiltRow[]> {
  const rows: BuiltRow[] = [];
  for await (const row of readJsonl(PROBE_FILE)) {
    rows.push({
      text: String(row.text),
      label: row.label === 1 ? 1 : 0,
      source: String(row.source),
      category: typeof row.category === 'string' ? row.category : null,
    });
  }
  return rows;
}
