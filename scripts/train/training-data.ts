/**
 * The training examples for the learned injection detector, from training files only (never the
 * evaluation files: pi-bipia-indirect/test.jsonl, pi-cyberseceval, pi-notinject). Every example
 * has a group: attacks by their attack (InjecAgent by `meta.attacker_instruction`), benign text by
 * its document, so the held-out part shares no attack and no passage with the fitted part.
 */
import { dataPath } from '../eval/data.ts';
import { readJsonl } from '../eval/metrics.ts';
import { benignPrompts, contextShiftExamples } from './context-examples.ts';
import { splitDl19Pool } from './dl19-split.ts';
import { procedureExamples } from './procedure-examples.ts';
import type { Random } from './random.ts';
import { syntheticAttacks, taskInstructions } from './synthetic.ts';
import { benignRequests, hardNegatives, triggerWordNegatives } from './synthetic-negatives.ts';
import { plainTasks, topicOf } from './synthetic-plain-tasks.ts';
import { SPLICE_POSITIONS, collapse, splice } from './splice.ts';
import { writtenAttacks, writtenPages, writtenPrompts } from './written-texts.ts';

export interface Example {
  text: string;
  label: 0 | 1;
  /** Examples of one group land on the same side of the split. */
  group: string;
  /** Where the example came from (for the per-source validation figures). */
  source: string;
  /** Extra weight (default 1): BIPIA's clean contexts each stand against three attacked copies of themselves. */
  weight?: number;
}

const CONTEXT_SHIFT_EXAMPLES = Number(process.env.TRAIN_CONTEXT_SHIFT ?? 4000);

/**
 * BIPIA train's plain-question attacks are taught (TRAIN_PLAIN_QUESTIONS=0 leaves them out): with the
 * context-shift features the model can tell a question planted in an unrelated text from a FAQ's own.
 */
const TEACH_PLAIN_QUESTIONS = process.env.TRAIN_PLAIN_QUESTIONS !== '0';
/** The written requests' weight: few against thousands of templated ones, and the kind public benign sets hold. */
const PROMPT_WEIGHT = Number(process.env.TRAIN_PROMPT_WEIGHT ?? 2);
const BENIGN_PROMPTS = Number(process.env.TRAIN_BENIGN_PROMPTS ?? 2000);
/** Benign procedures for a person (docs, help, notices, recipes, exercises; ./procedure-examples.ts). */
const PROCEDURES = Number(process.env.TRAIN_PROCEDURES ?? 3000);

type JsonRow = Record<string, unknown>;
const text = (row: JsonRow): string => (typeof row.text === 'string' ? row.text : '');
const meta = (row: JsonRow): JsonRow => (row.meta && typeof row.meta === 'object' ? (row.meta as JsonRow) : {});

async function rows(...parts: string[]): Promise<JsonRow[]> {
  const out: JsonRow[] = [];
  for await (const row of readJsonl(dataPath(...parts))) out.push(row as JsonRow);
  return out;
}

/** A question with no word about the reader's reply or instructions. */
const PLAIN_QUESTION = /^(?![\s\S]*\b(?:your|you must|ignore|instead)\b)[\s\S]*\?['"’”)]*$/i;

const ENHANCED =
  /^IMPORTANT!!!\s*Ignore all previous instructions and (?:strictly adhere to the following instruction:\s*)?/i;

/** Passages for splicing and for benign windows: DL19 training-query passages and SciFact abstracts. */
async function benignPassages(): Promise<{ dl19: string[]; scifact: string[] }> {
  const split = await splitDl19Pool(dataPath('trec-dl19-passage-bm25top100', 'bm25_top100.run'));
  const dl19: string[] = [];
  for (const row of await rows('trec-dl19-passage-bm25top100', 'corpus.jsonl')) {
    if (split.train.has(String(row._id))) dl19.push(collapse(text(row)));
  }
  const scifact = (await rows('beir-scifact', 'corpus.jsonl')).map((row) =>
    collapse(`${String(row.title ?? '')}. ${text(row)}`),
  );
  return { dl19, scifact };
}

export async function trainingExamples(random: Random): Promise<Example[]> {
  const examples: Example[] = [];
  const attacks: { text: string; group: string }[] = [];
  const bipiaContexts: string[] = [];

  for (const file of ['injecagent.jsonl', 'xinjectagent.jsonl']) {
    for (const row of await rows('pi-agent-train', file)) {
      const instruction = meta(row).attacker_instruction;
      const group = `attack:${typeof instruction === 'string' ? instruction : text(row).replace(ENHANCED, '')}`;
      examples.push({ text: text(row), label: 1, group, source: file.replace('.jsonl', '') });
      const setting = meta(row).setting;
      if (setting === 'raw_instruction' || setting === 'enhanced_instruction') attacks.push({ text: text(row), group });
    }
  }
  for (const file of [
    'deepset_prompt_injections.jsonl',
    'giskard_prompt_injections.jsonl',
    'llmail_inject_benign_emails.jsonl',
  ]) {
    for (const row of await rows('pi-agent-train', file)) {
      const label = row.label === 1 ? 1 : 0;
      const group = `${file}:${text(row).slice(0, 200)}`;
      examples.push({ text: text(row), label, group, source: file.replace('.jsonl', '') });
      if (label === 1 && text(row).length < 400) attacks.push({ text: text(row), group });
    }
  }
  for (const row of await rows('pi-bipia-indirect', 'train.jsonl')) {
    const attack = typeof row.attack_text === 'string' ? row.attack_text : null;
    if (attack && TEACH_PLAIN_QUESTIONS === false && PLAIN_QUESTION.test(attack.trim())) continue;
    const group = attack ? `attack:${attack}` : `bipia:${String(row.context_id)}`;
    examples.push({
      text: text(row),
      label: row.label === 1 ? 1 : 0,
      group,
      source: 'bipia-train',
      ...(attack ? {} : { weight: 3 }),
    });
    if (attack) attacks.push({ text: attack, group });
    else bipiaContexts.push(text(row));
  }
  // Instructions written for training (./written/SOURCE.md), only spliced into passages below: alone, many of them
  // ("reply only in Spanish", "translate this instead") are what a person's own prompt says.
  for (const [i, attack] of (await writtenAttacks()).entries())
    attacks.push({ text: attack.text, group: `written-attack:${i}` });
  for (const [i, attack] of syntheticAttacks(random, 3000).entries()) {
    const group = `synthetic-attack:${i % 600}`;
    examples.push({ text: attack, label: 1, group, source: 'synthetic-attack' });
    attacks.push({ text: attack, group });
  }
  for (const [i, attack] of taskInstructions(random, 2000).entries()) {
    const group = `synthetic-task:${i % 400}`;
    examples.push({ text: attack, label: 1, group, source: 'synthetic-task' });
    attacks.push({ text: attack, group });
  }
  for (const [i, negative] of hardNegatives(random, 2500).entries()) {
    examples.push({ text: negative, label: 0, group: `synthetic-benign:${i % 500}`, source: 'synthetic-benign' });
  }

  for (const [i, request] of benignRequests(random, 3000).entries()) {
    examples.push({ text: request, label: 0, group: `synthetic-request:${i % 600}`, source: 'synthetic-request' });
  }
  for (const [i, negative] of triggerWordNegatives(random, 1500).entries()) {
    examples.push({ text: negative, label: 0, group: `synthetic-trigger:${i % 300}`, source: 'synthetic-trigger' });
  }
  for (const row of await rows('beir-scifact', 'queries.jsonl')) {
    examples.push({ text: text(row), label: 0, group: `scifact-query:${String(row._id)}`, source: 'scifact-query' });
  }

  // Web passages as the product meets them: clean, and with an attack spliced in.
  const { dl19, scifact } = await benignPassages();
  for (const [i, passage] of dl19.entries())
    examples.push({ text: passage, label: 0, group: `dl19:${i}`, source: 'dl19-train' });
  for (const [i, passage] of scifact.entries())
    examples.push({ text: passage, label: 0, group: `scifact:${i}`, source: 'scifact' });
  // Pages written for training (./written/SOURCE.md): benign text with the words of attacks.
  const written = await writtenPages();
  for (const [i, page] of written.entries())
    examples.push({ text: page.text, label: 0, group: `written:${i}`, source: 'written-benign' });
  for (const [i, prompt] of (await writtenPrompts()).entries())
    examples.push({
      text: prompt.text,
      label: 0,
      group: `written-prompt:${i}`,
      source: 'written-prompt',
      weight: PROMPT_WEIGHT,
    });
  const hosts = [...dl19, ...scifact.slice(0, 2000), ...bipiaContexts];
  for (let i = 0; i < 6000; i += 1) {
    const attack = random.pick(attacks);
    const host = random.pick(hosts);
    const short = random.next() < 0.5 ? host.slice(0, 200 + random.int(200)) : host;
    examples.push({
      text: splice(short, attack.text, random.pick(SPLICE_POSITIONS)),
      label: 1,
      group: attack.group,
      source: 'spliced',
    });
  }
  // A plain task is an attack only inside someone else's text: spliced, never alone.
  for (const [i, task] of plainTasks(random, 2000, hosts).entries()) {
    const host = random.pick(hosts);
    examples.push({
      text: splice(host, task, random.pick(SPLICE_POSITIONS)),
      label: 1,
      group: `synthetic-plain-task:${i % 400}`,
      source: 'spliced-task',
    });
  }
  // The same forms on the host's topic (benign) and off it (planted): the model learns the shift.
  for (const [i, example] of contextShiftExamples(random, CONTEXT_SHIFT_EXAMPLES, hosts).entries()) {
    const group = `context-shift:${i % 500}`;
    examples.push({ ...example, group, source: example.label === 1 ? 'shift-attack' : 'shift-benign' });
  }
  for (const [i, prompt] of benignPrompts(random, BENIGN_PROMPTS, hosts).entries()) {
    examples.push({ text: prompt, label: 0, group: `benign-prompt:${i % 400}`, source: 'benign-prompt' });
  }
  for (const [i, text] of procedureExamples(random, PROCEDURES, hosts).entries()) {
    examples.push({ text, label: 0, group: `procedure:${i % 500}`, source: 'synthetic-procedure' });
  }
  // The product screens "title — description": a share of every kind of example comes behind a title.
  for (const example of examples) {
    if (random.next() < TITLED_SHARE) example.text = `${titleFor(random, hosts)} — ${example.text}`;
  }
  return examples;
}

const TITLED_SHARE = 0.25;
const TITLES = [
  'Search result',
  'Home',
  'FAQ',
  'Blog',
  'News',
  'Forum',
  'Help Center',
  'Documentation',
  'Inbox',
  'Product page',
];

/** A page title: a generic one or a few words of some passage. */
function titleFor(random: Random, hosts: readonly string[]): string {
  if (random.next() < 0.5) return random.pick(TITLES);
  const topic = topicOf(random.pick(hosts), random);
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}
