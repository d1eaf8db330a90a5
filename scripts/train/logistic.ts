/**
 * Logistic regression over hashed features, trained as the product scores: a text is a row of
 * windows (`windowBlocks` consecutive sentences) and its score is its most suspicious window, so each step updates
 * the window that currently scores highest (multiple-instance
 * learning). AdaGrad steps, L2 decay, a seeded order: the same data gives the same weights.
 */
import type { SentenceTraits } from '@rankgate/ranking/screening/learned';
import {
  forEachFeature,
  forEachSentenceFeature,
  sentenceOf,
  sentenceTraits,
} from '@rankgate/ranking/screening/learned';

import { flatText } from '@rankgate/ranking/screening';

import type { Random } from './random.ts';

export interface Encoded {
  buckets: Int32Array;
  /** Per feature, its block (the sentence it starts in). */
  blocks: Uint16Array;
  blockCount: number;
  label: 0 | 1;
  weight: number;
  /** Per sentence, its context-shift traits (for the second stage's signals). */
  traits: SentenceTraits[];
}

export interface Geometry {
  bucketsLog2: number;
  /** Sentences per window. */
  windowBlocks: number;
}

export function encode(raw: string, label: 0 | 1, weight: number, geometry: Geometry): Encoded {
  // The product reads the flat form (detectInjection: one space per whitespace run, words undisguised), so training
  // does too.
  const { text } = flatText(raw);
  const buckets: number[] = [];
  const blocks: number[] = [];
  const mask = 2 ** geometry.bucketsLog2 - 1;
  const { blockOf, starts } = sentenceOf(text);
  forEachFeature(text, mask, (bucket, at) => {
    buckets.push(bucket);
    blocks.push(blockOf[at] ?? 0);
  });
  const traits = sentenceTraits(text, starts);
  forEachSentenceFeature(
    text,
    starts,
    mask,
    (bucket, block) => {
      buckets.push(bucket);
      blocks.push(block);
    },
    traits,
  );
  const blockCount = blocks.reduce((max, b) => Math.max(max, b + 1), 1);
  return { buckets: Int32Array.from(buckets), blocks: Uint16Array.from(blocks), blockCount, label, weight, traits };
}

/** The best window of an example under `weights`: its first block and its logit. */
export function bestWindow(
  example: Encoded,
  weights: Float64Array,
  bias: number,
  windowBlocks: number,
): { first: number; logit: number } {
  const sums = new Float64Array(example.blockCount);
  const counts = new Float64Array(example.blockCount);
  for (let i = 0; i < example.buckets.length; i += 1) {
    const block = example.blocks[i] ?? 0;
    sums[block] = (sums[block] ?? 0) + (weights[example.buckets[i] ?? 0] ?? 0);
    counts[block] = (counts[block] ?? 0) + 1;
  }
  let best = { first: 0, logit: -Infinity };
  const windows = Math.max(1, example.blockCount - windowBlocks + 1);
  for (let w = 0; w < windows; w += 1) {
    let sum = 0;
    let count = 0;
    for (let b = w; b < Math.min(example.blockCount, w + windowBlocks); b += 1) {
      sum += sums[b] ?? 0;
      count += counts[b] ?? 0;
    }
    const logit = bias + (count > 0 ? sum / Math.sqrt(count) : 0);
    if (logit > best.logit) best = { first: w, logit };
  }
  return best;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  random: Random;
  geometry: Geometry;
}

export function train(examples: readonly Encoded[], options: TrainOptions): { weights: Float64Array; bias: number } {
  const size = 2 ** options.geometry.bucketsLog2;
  const weights = new Float64Array(size);
  const squares = new Float64Array(size).fill(1e-6);
  let bias = 0;
  let biasSquares = 1e-6;
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    options.random.shuffle(order);
    for (const index of order) {
      const example = examples[index];
      if (!example) continue;
      const { first, logit } = bestWindow(example, weights, bias, options.geometry.windowBlocks);
      const last = first + options.geometry.windowBlocks;
      let count = 0;
      for (let i = 0; i < example.blocks.length; i += 1)
        if ((example.blocks[i] ?? 0) >= first && (example.blocks[i] ?? 0) < last) count += 1;
      if (count === 0) continue;
      const probability = 1 / (1 + Math.exp(-logit));
      const gradient = (probability - example.label) * example.weight;
      const value = 1 / Math.sqrt(count);
      for (let i = 0; i < example.buckets.length; i += 1) {
        const block = example.blocks[i] ?? 0;
        if (block < first || block >= last) continue;
        const bucket = example.buckets[i] ?? 0;
        const g = gradient * value + options.l2 * (weights[bucket] ?? 0);
        squares[bucket] = (squares[bucket] ?? 0) + g * g;
        weights[bucket] = (weights[bucket] ?? 0) - (options.learningRate * g) / Math.sqrt(squares[bucket] ?? 0);
      }
      biasSquares += gradient * gradient;
      bias -= (options.learningRate * gradient) / Math.sqrt(biasSquares);
    }
  }
  return { weights, bias };
}

export interface CombinationRow {
  model: number;
  rules: number;
  /** The second stage's context-shift signals (CONTEXT_SIGNALS order). */
  context: number[];
  label: 0 | 1;
  weight: number;
}

export interface Combination {
  model: number;
  rules: number;
  context: number[];
  bias: number;
}

/** The combination's logit for one row. */
export const combinedLogit = (c: Combination, row: CombinationRow): number =>
  c.model * row.model +
  c.rules * row.rules +
  c.bias +
  row.context.reduce((sum, x, i) => sum + (c.context[i] ?? 0) * x, 0);

/**
 * score = σ(a·model + c·rules + Σ wᵢ·contextᵢ + b): a, w and b by full-batch gradient descent with a
 * little L2 on w (a signal seen in few rows must not swing the score). `c` is fixed: the rule
 * families' weights already are probabilities, and held-out training data, where a rule rarely fires
 * on benign text, would otherwise let one weak family alone cross the gate.
 */
export function fitCombination(rows: readonly CombinationRow[], rules: number, iterations = 3000): Combination {
  const signals = rows[0]?.context.length ?? 0;
  const fit: Combination = { model: 1, rules, context: new Array<number>(signals).fill(0), bias: 0 };
  const total = rows.reduce((sum, row) => sum + row.weight, 0);
  for (let step = 0; step < iterations; step += 1) {
    let ga = 0;
    let gb = 0;
    const gw = new Array<number>(signals).fill(0);
    for (const row of rows) {
      const g = (1 / (1 + Math.exp(-combinedLogit(fit, row))) - row.label) * row.weight;
      ga += g * row.model;
      gb += g;
      for (let i = 0; i < signals; i += 1) gw[i] = (gw[i] ?? 0) + g * (row.context[i] ?? 0);
    }
    fit.model -= (0.5 * ga) / total;
    fit.bias -= (0.5 * gb) / total;
    for (let i = 0; i < signals; i += 1)
      fit.context[i] = (fit.context[i] ?? 0) - 0.5 * ((gw[i] ?? 0) / total + 1e-3 * (fit.context[i] ?? 0));
  }
  return fit;
}
