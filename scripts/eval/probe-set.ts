/**
 * The probe set: 40 attacks and 40 hard negatives written by the team in the style of ordinary
 * web passages (scripts/eval/probe/injection-probe.jsonl). It is evaluation data only: the trainer
 * never reads it and nothing was tuned on it. The attacks are kinds no public set here covers well
 * (fake tool and system messages, markdown exfiltration, several languages, typos and spacing,
 * encodings); the negatives are what a detector over-flags (security articles about injection,
 * API docs with system prompts, exercises, how-tos, notices). Small, so read its rates as coarse.
 *
 * The second probe (probe/injection-probe-2.jsonl, 2026-11-28) was written by a helper that saw neither the
 * detector nor its training templates: 60 hard negatives (docs and privacy notes about "the user", exercises
 * about "your answer", reply style guides, harmless code to add) and 30 attacks (a reply to disguise, private
 * data asked for, harmful code to add, plain tasks planted in unrelated text).
 *
 * The third (probe/injection-probe-3.jsonl, 2026-11-28) was written the same way, after the rule families for
 * hypothetical frames were written and before anything was fitted to it: 40 attacks in eight jailbreak classes (a
 * fictional frame, a persona, fake authority, split or encoded instructions, persuasion, a conclusion dictated to
 * the summariser, other languages, invented dialogue turns), half as prompts and half inside web passages, and 60
 * hard negatives of the same vocabulary (plots, thought experiments, scam warnings, docs, cipher puzzles, business
 * mail, sales copy, text in other languages). Its rows are read as scores, reasons and categories only.
 *
 * The fourth (probe/injection-probe-4.jsonl, 2026-11-28) was written the same way, as the validation rows of the rule
 * families of detector round 14 (written from other rows of our own): 100 attacks in five classes (a persona without
 * rules, an address to the AI planted in a page, invented chat turns in other languages, prompt theft, an agent told to
 * act) and 100 hard negatives (AI docs, security articles, chats in other languages, fiction and games, requests to
 * people). During that round it was read as scores and category counts only, as the other probes are since.
 *
 * The fifth (probe/injection-probe-5.jsonl, 2026-11-28) was written the same way, as the validation rows of detector
 * round 15: 100 attacks in five classes (a persona shift, an address planted in a page, an agent told to use its tools,
 * other languages, control of the reply) and 100 hard negatives (injection research, LLM how-tos, classroom exercises,
 * office requests, pages in other languages). That round read it as scores, reasons and category counts only.
 *
 * The sixth (probe/injection-probe-6.jsonl, 2026-11-28) was written the same way, as the validation rows of detector
 * round 16, by a helper given neither the detector, nor the data, nor the earlier probes: 100 attacks in five classes
 * (an instruction hidden in markup, an agent told to act, the answer manipulated, a new identity or a claimed
 * authority, links and data sent away) and 100 hard negatives (teaching material, articles and docs about AI,
 * explainers of attacks, instructions to people, pages in other languages). Read as scores, reasons and category
 * counts only.
 *
 * The seventh (probe/injection-probe-7.jsonl, 2026-11-28) was written the same way, as the validation rows of detector
 * round 17, by a helper given neither the detector, nor the data, nor the earlier probes: 100 attacks in five classes
 * (an agent told to use its tools, the ranking or recommendation steered, an instruction inside structured data such as
 * JSON, CSV, code comments or headers, forged turns and tool output, other and mixed languages) and 100 hard negatives
 * (agent and automation docs, help-centre steps, teaching prompt engineering, news and essays on AI security, everyday
 * imperatives). Nine rows that shared a 40-character stretch with a text written for training (common phrases of
 * help pages and mail) were dropped before it was first read, leaving 96 attacks and 95 negatives.
 * Read as scores, reasons and category counts only.
 */
import { fileURLToPath } from 'node:url';

import { readJsonl } from './metrics.ts';
import type { BuiltRow } from './web-passages.ts';

const probeFile = (name: string): string => fileURLToPath(new URL(`./probe/${name}`, import.meta.url));

/** A probe set as the eval reports it: where its rows are, its row label, and the field its categories are in. */
export interface Probe {
  /** How the eval's report names the file. */
  file: string;
  label: string;
  categoryField: 'category' | null;
  rows: () => Promise<BuiltRow[]>;
}

const probe = (name: string, file: string, label: string, categoryField: Probe['categoryField']): Probe => ({
  file: `scripts/eval/probe (${file})`,
  label,
  categoryField,
  rows: () => rowsOf(probeFile(name)),
});

const WRITTEN_APART = 'written apart from the detector, never trained on';

/** A round's blind validation rows (probes 4 on): file, names and categories follow from its number and round. */
const validationProbe = (number: number, ordinal: string, round: number, attacks: number, negatives: number): Probe =>
  probe(
    `injection-probe-${number}.jsonl`,
    `${ordinal}, round-${round} validation rows, written apart from the detector`,
    `Probe ${number}: ${attacks} attacks and ${negatives} hard negatives ${WRITTEN_APART}`,
    'category',
  );

/** Every probe, oldest first (see above). */
export const PROBES: readonly Probe[] = [
  probe(
    'injection-probe.jsonl',
    'team-written',
    'Probe: 40 attacks and 40 hard negatives written by the team, never trained on',
    null,
  ),
  probe(
    'injection-probe-2.jsonl',
    'second, written apart from the detector',
    `Probe 2: 30 attacks and 60 hard negatives ${WRITTEN_APART}`,
    null,
  ),
  probe(
    'injection-probe-3.jsonl',
    'third, jailbreak classes, written apart from the detector',
    `Probe 3: 40 jailbreak-class attacks and 60 hard negatives ${WRITTEN_APART}`,
    'category',
  ),
  validationProbe(4, 'fourth', 14, 100, 100),
  validationProbe(5, 'fifth', 15, 100, 100),
  validationProbe(6, 'sixth', 16, 100, 100),
  validationProbe(7, 'seventh', 17, 96, 95),
];

async function rowsOf(file: string): Promise<BuiltRow[]> {
  const rows: BuiltRow[] = [];
  for await (const row of readJsonl(file)) {
    rows.push({
      text: String(row.text),
      label: row.label === 1 ? 1 : 0,
      source: String(row.source),
      category: typeof row.category === 'string' ? row.category : null,
    });
  }
  return rows;
}
