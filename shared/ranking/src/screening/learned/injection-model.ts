/**
 * The learned injection detector at run time: a logistic regression over hashed features
 * (./features.ts), read from a small versioned artefact written by `npm run train:screening`.
 * Text is scored as windows of `window_blocks` consecutive sentences and the most suspicious window
 * counts, so a short attack inside a long passage or page is not diluted by the text around it.
 */
import { readFileSync } from 'node:fs';

import { z } from 'zod';

import type { SentenceTraits } from './context-shift.ts';
import { CONTEXT_SIGNALS, contextSignals, sentenceTraits } from './context-shift.ts';
import { featureName, forEachFeature, forEachSentenceFeature, forEachWordSpan, sentenceOf } from './features.ts';

export const MODEL_FORMAT = 'rankgate-injection-model';

const ArtefactSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.string().min(1),
  buckets_log2: z.number().int().min(10).max(24),
  /** Sentences per window (stepping one sentence). */
  window_blocks: z.number().int().positive(),
  bias: z.number(),
  /** Weights are int8 (base64) times this scale. */
  scale: z.number().positive(),
  weights: z.string(),
  /** How the model's logit and the rule families' evidence make one score. */
  combine: z.object({
    model: z.number(),
    rules: z.number(),
    bias: z.number(),
    /** The second stage: a weight per context-shift signal (./context-shift.ts, CONTEXT_SIGNALS). */
    context: z.partialRecord(z.enum(CONTEXT_SIGNALS), z.number()).default({}),
  }),
  /** How the artefact was made (data, seed, measured validation figures). */
  training: z.record(z.string(), z.unknown()),
});

export type ModelArtefact = z.infer<typeof ArtefactSchema>;

export interface WindowScore {
  /** The largest window logit. */
  logit: number;
  /** That window in the original text: [start, end). */
  start: number;
  end: number;
  /** The context-shift signals of that window (CONTEXT_SIGNALS order, 0 or 1). */
  signals: number[];
  /** Each sentence's traits and where it starts (./features.ts, sentenceOf). */
  traits: readonly SentenceTraits[];
  starts: readonly number[];
}

export interface InjectionModel {
  readonly version: string;
  /** The logit of a text with no features (the regression's intercept). */
  readonly bias: number;
  readonly combine: ModelArtefact['combine'];
  score(text: string): WindowScore;
  /** The words and word pairs inside [start, end) of text that weigh most towards an injection, strongest first. */
  strongestFeatures(text: string, start: number, end: number, limit: number): { name: string; weight: number }[];
}

/** Builds the run-time model from a parsed artefact. */
export function createInjectionModel(artefact: ModelArtefact): InjectionModel {
  const raw = Buffer.from(artefact.weights, 'base64');
  const size = 2 ** artefact.buckets_log2;
  if (raw.length !== size) throw new Error(`injection model: ${raw.length} weights, expected ${size}`);
  // Kept as int8 (a quarter of the memory of floats, so the table stays in cache); sums are scaled once per window.
  const quantised = new Int8Array(raw.buffer, raw.byteOffset, raw.length);
  const { scale } = artefact;
  const mask = size - 1;
  const { bias, window_blocks: windowBlocks } = artefact;

  // Per block: sum of the int8 weights and number of features, whole numbers (reused; scoring is synchronous).
  let sums = new Int32Array(64);
  let counts = new Int32Array(64);
  // The sentence of each character of the text being scored.
  let blockOfScored: Uint16Array = new Uint16Array(0);
  // The sinks are made once, not per text: one function at the feature walk's call site, which the JIT can then
  // inline into the walk (a new closure per text made that call an indirect one, three or four times a character).
  const addFeature = (bucket: number, at: number): void => {
    const block = blockOfScored[at] ?? 0;
    sums[block] = (sums[block] ?? 0) + (quantised[bucket] ?? 0);
    counts[block] = (counts[block] ?? 0) + 1;
  };
  const addSentenceFeature = (bucket: number, block: number): void => {
    sums[block] = (sums[block] ?? 0) + (quantised[bucket] ?? 0);
    counts[block] = (counts[block] ?? 0) + 1;
  };

  return {
    version: artefact.version,
    bias,
    combine: artefact.combine,
    score(text) {
      const { blockOf, starts } = sentenceOf(text);
      const blocks = starts.length;
      if (sums.length < blocks) {
        sums = new Int32Array(blocks * 2);
        counts = new Int32Array(blocks * 2);
      }
      sums.fill(0, 0, blocks);
      counts.fill(0, 0, blocks);
      blockOfScored = blockOf;
      forEachFeature(text, mask, addFeature);
      const traits = sentenceTraits(text, starts);
      forEachSentenceFeature(text, starts, mask, addSentenceFeature, traits);
      let best = { logit: -Infinity, start: 0, end: text.length, first: 0 };
      const windows = Math.max(1, blocks - windowBlocks + 1);
      for (let w = 0; w < windows; w += 1) {
        let sum = 0;
        let count = 0;
        for (let b = w; b < Math.min(blocks, w + windowBlocks); b += 1) {
          sum += sums[b] ?? 0;
          count += counts[b] ?? 0;
        }
        const logit = bias + (count > 0 ? (sum * scale) / Math.sqrt(count) : 0);
        if (logit > best.logit)
          best = { logit, start: starts[w] ?? 0, end: starts[w + windowBlocks] ?? text.length, first: w };
      }
      return {
        logit: best.logit,
        start: best.start,
        end: best.end,
        signals: contextSignals(traits, best.first, windowBlocks),
        traits,
        starts,
      };
    },
    strongestFeatures(text, start, end, limit) {
      // Names are built only for the strongest weights: most features of a window never make the list.
      const slice = text.slice(start, end);
      const found: { weight: number; spans: [number, number, number, number] }[] = [];
      forEachWordSpan(slice, mask, (bucket, from, to, previousFrom, previousTo) => {
        const weight = (quantised[bucket] ?? 0) * scale;
        if (weight > 0) found.push({ weight, spans: [from, to, previousFrom, previousTo] });
      });
      found.sort((a, b) => b.weight - a.weight);
      const strongest: { name: string; weight: number }[] = [];
      // A name has one bucket, so one weight: names of a weight are distinct from those of any other.
      for (let level = 0; level < found.length && strongest.length < limit;) {
        const weight = found[level]?.weight ?? 0;
        const names = new Set<string>();
        for (; level < found.length && found[level]?.weight === weight; level += 1) {
          const [from, to, previousFrom, previousTo] = found[level]?.spans ?? [0, 0, -1, -1];
          names.add(featureName(slice, from, to, previousFrom, previousTo));
        }
        for (const name of [...names].sort((a, b) => (a < b ? -1 : 1))) strongest.push({ name, weight });
      }
      return strongest.slice(0, limit);
    },
  };
}

/** Reads and validates an artefact file. */
export function loadInjectionModel(url: URL): InjectionModel {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(url, 'utf8'));
  } catch (error) {
    throw new Error(`injection model ${url.pathname} could not be read as JSON (run npm run train:screening)`, {
      cause: error,
    });
  }
  const parsed = ArtefactSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`injection model ${url.pathname} is not a ${MODEL_FORMAT} artefact: ${parsed.error.message}`);
  return createInjectionModel(parsed.data);
}
