/**
 * Context shift: how a sentence stands to the text around it. An injection planted in a page is
 * usually addressed to the reader (you, your reply, please) or asks something, and is about
 * something else than the page: few of its content words occur in the other sentences. How-to
 * guides and FAQs also address the reader and ask questions, but on their own topic. These
 * per-sentence traits become features of the learned model (./features.ts), which learns how
 * they combine from training data.
 */

import { askOf } from './assistant-ask.ts';
import { FNV_OFFSET, FNV_PRIME } from '../../fnv.ts';
import { charCodes } from '../char-codes.ts';
import { sentenceMarks } from './sentence-marks.ts';

/** Words too common to say what a sentence is about. */
const STOP_WORDS = new Set([
  'about',
  'above',
  'after',
  'again',
  'also',
  'been',
  'before',
  'being',
  'below',
  'between',
  'both',
  'could',
  'does',
  'doing',
  'down',
  'during',
  'each',
  'even',
  'every',
  'from',
  'further',
  'have',
  'having',
  'here',
  'into',
  'just',
  'like',
  'made',
  'make',
  'many',
  'more',
  'most',
  'much',
  'must',
  'only',
  'other',
  'over',
  'please',
  'same',
  'should',
  'some',
  'such',
  'than',
  'that',
  'their',
  'them',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'through',
  'under',
  'until',
  'very',
  'well',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'will',
  'with',
  'would',
  'your',
  'yours',
  'yourself',
  'because',
  "can't",
]);

/** A sentence's last visible character is a question mark (closing quotes and brackets aside). */
const CLOSERS = new Set(['"', "'", '’', '”', ')', ']', ' ']);

export interface SentenceTraits {
  /** Speaks to the reader. */
  addressed: boolean;
  /** Names a model, its reply, user or instructions, or secrets, links or tools (./sentence-marks.ts). */
  aimsAtModel: boolean;
  question: boolean;
  /** Asks an assistant for work, as a prompt does (./assistant-ask.ts). */
  assistantAsk: boolean;
  /** Asks it for content: writing, an explanation, advice (not a procedure's step; ./assistant-ask.ts). */
  contentAsk: boolean;
  /**
   * Share of its content words (four letters or more, not stop words) found in the other sentences:
   * 'low' < 0.2, 'mid' < 0.5, 'high' otherwise, 'few' with fewer than two content words, 'alone'
   * when the other sentences have fewer than MIN_CONTEXT_WORDS content words between them (a text of
   * one sentence, or one behind a short title: a title alone is no context to shift from).
   */
  overlap: 'alone' | 'few' | 'low' | 'mid' | 'high';
  /**
   * 'chat' when a third or more of the other sentences are themselves addressed, first person or
   * questions (a prompt or a letter, where a request is the point), else 'page'.
   */
  setting: 'chat' | 'page';
  /** Where the sentence sits. */
  position: 'alone' | 'first' | 'middle' | 'last';
}

/** Whether a sentence sits in a page: a text with more than it (not 'alone') that is not a conversation. */
export const sentenceInPage = (traits: SentenceTraits | undefined): boolean =>
  traits !== undefined && traits.overlap !== 'alone' && traits.setting === 'page';

/** Content words the rest of the text needs before a sentence can be foreign to it. */
const MIN_CONTEXT_WORDS = 8;

function hashWord(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i += 1) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}
// The stop words' hashes in a small open-addressing table of int32 keys (a Set of hashes above 2^31 holds
// heap numbers, slow to look up on every word); a slot holding 0 is empty (no stop word hashes to 0).
const STOP_SLOTS = 256;
const stopTable = new Int32Array(STOP_SLOTS);
for (const word of STOP_WORDS) {
  const key = hashWord(word) | 0;
  let slot = key & (STOP_SLOTS - 1);
  while (stopTable[slot] !== 0 && stopTable[slot] !== key) slot = (slot + 1) & (STOP_SLOTS - 1);
  stopTable[slot] = key;
}
function isStopHash(key: number): boolean {
  for (let slot = key & (STOP_SLOTS - 1); stopTable[slot] !== 0; slot = (slot + 1) & (STOP_SLOTS - 1)) {
    if (stopTable[slot] === key) return true;
  }
  return false;
}

const isLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code > 127;
const lowerCode = (text: string, i: number, code: number): number =>
  code >= 65 && code <= 90 ? code + 32 : code > 127 ? text.charAt(i).toLowerCase().charCodeAt(0) : code;

/** Per content word, its hash, sentence and slot in the table; reused across calls (scoring is synchronous). */
let wordHashes = new Uint32Array(1024);
let wordBlocks = new Uint32Array(1024);
let wordSlots = new Uint32Array(1024);
const grow = (array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> => {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
};

/**
 * Each word of four letters or more of `text` that is not a stop word: its hash (lower case) and
 * sentence, into wordHashes and wordBlocks; returns how many.
 */
function contentWords(text: string, starts: readonly number[]): number {
  const count = starts.length;
  let block = 0;
  let nextStart = count > 1 ? (starts[1] ?? 0) : Infinity;
  let words = 0;
  let start = -1;
  let h = FNV_OFFSET;
  // A space after the last character ends its word.
  const codes = charCodes(text);
  for (let i = 0; i <= text.length; i += 1) {
    const code = codes[i] ?? 32;
    if (isLetter(code) || (start >= 0 && code === 39)) {
      if (start < 0) {
        start = i;
        h = FNV_OFFSET;
      }
      h = Math.imul(h ^ lowerCode(text, i, code), FNV_PRIME);
      continue;
    }
    if (start >= 0 && i - start >= 4 && !isStopHash(h | 0)) {
      if (words >= wordHashes.length) {
        wordHashes = grow(wordHashes);
        wordBlocks = grow(wordBlocks);
        wordSlots = grow(wordSlots);
      }
      while (start >= nextStart) {
        block += 1;
        nextStart = block + 1 < count ? (starts[block + 1] ?? 0) : Infinity;
      }
      wordHashes[words] = h >>> 0;
      wordBlocks[words] = block;
      words += 1;
    }
    start = -1;
  }
  return words;
}

const SHARED = -1;
let tableKeys = new Uint32Array(64);
let tableFirst = new Int32Array(64);

/** The traits of each sentence of `text` (sentence k spans starts[k] to starts[k + 1]). */
export function sentenceTraits(text: string, starts: readonly number[]): SentenceTraits[] {
  const count = starts.length;
  const words = contentWords(text, starts);
  // Per distinct word (open addressing over the reused table): the first sentence it was seen in, or
  // SHARED once seen in two different sentences.
  let size = 64;
  while (size < words * 2) size *= 2;
  if (tableKeys.length < size) {
    tableKeys = new Uint32Array(size);
    tableFirst = new Int32Array(size);
  }
  tableKeys.fill(0, 0, size);
  const last = size - 1;
  for (let i = 0; i < words; i += 1) {
    const hash = wordHashes[i] ?? 0;
    const key = hash === 0 ? 1 : hash;
    let slot = key & last;
    while (tableKeys[slot] !== 0 && tableKeys[slot] !== key) slot = (slot + 1) & last;
    const block = wordBlocks[i] ?? 0;
    wordSlots[i] = slot;
    if (tableKeys[slot] === 0) {
      tableKeys[slot] = key;
      tableFirst[slot] = block;
    } else if (tableFirst[slot] !== block) tableFirst[slot] = SHARED;
  }
  const total = new Uint16Array(count);
  const shared = new Uint16Array(count);
  for (let i = 0; i < words; i += 1) {
    const block = wordBlocks[i] ?? 0;
    total[block] = (total[block] ?? 0) + 1;
    if (tableFirst[wordSlots[i] ?? 0] === SHARED) shared[block] = (shared[block] ?? 0) + 1;
  }
  const { addressed, firstPerson, aimsAtModel } = sentenceMarks(text, starts);
  const question = new Uint8Array(count);
  const assistantAsk = new Uint8Array(count);
  const contentAsk = new Uint8Array(count);
  let speakingCount = 0;
  for (let block = 0; block < count; block += 1) {
    const from = starts[block] ?? 0;
    const to = starts[block + 1] ?? text.length;
    const ask = askOf(text, from, to);
    assistantAsk[block] = ask === 'none' ? 0 : 1;
    contentAsk[block] = ask === 'content' ? 1 : 0;
    let end = to - 1;
    while (end > from && CLOSERS.has(text.charAt(end))) end -= 1;
    question[block] = text.charAt(end) === '?' || text.charAt(end) === '？' ? 1 : 0;
    speakingCount += (addressed[block] ?? 0) | (firstPerson[block] ?? 0) | (question[block] ?? 0);
  }
  const all = words;
  return starts.map((_, block) => {
    const n = total[block] ?? 0;
    const share = n > 0 ? (shared[block] ?? 0) / n : 0;
    const overlap =
      all - n < MIN_CONTEXT_WORDS ? 'alone' : n < 2 ? 'few' : share < 0.2 ? 'low' : share < 0.5 ? 'mid' : 'high';
    const position = overlap === 'alone' ? 'alone' : block === 0 ? 'first' : block === count - 1 ? 'last' : 'middle';
    const speaking = (addressed[block] ?? 0) | (firstPerson[block] ?? 0) | (question[block] ?? 0);
    const setting = count > 1 && (speakingCount - speaking) * 3 >= count - 1 ? 'chat' : 'page';
    const aims = aimsAtModel[block] === 1;
    return {
      addressed: addressed[block] === 1,
      aimsAtModel: aims,
      question: question[block] === 1,
      assistantAsk: assistantAsk[block] === 1,
      contentAsk: contentAsk[block] === 1,
      overlap,
      setting,
      position,
    };
  });
}

/**
 * The context-shift signals the second stage weighs (names fixed: the artefact stores a weight per
 * name). A foreign ask is a question or a sentence addressed to the reader that shares little with
 * the rest of a text that is itself not a conversation; the model's window is where it scored highest.
 */
export const CONTEXT_SIGNALS = [
  'window_foreign_ask',
  'window_foreign_mid_ask',
  'any_foreign_question',
  'any_foreign_request',
  'window_chat',
  'window_foreign_model_ask',
  'any_foreign_assistant_ask_page',
  'any_foreign_assistant_ask_chat',
] as const;
export type ContextSignal = (typeof CONTEXT_SIGNALS)[number];

const asks = (t: SentenceTraits): boolean => t.addressed || t.question;

/** Each signal of CONTEXT_SIGNALS, 0 or 1, in that order, for the window starting at sentence `first`. */
export function contextSignals(traits: readonly SentenceTraits[], first: number, windowBlocks: number): number[] {
  const window = traits.slice(first, first + windowBlocks);
  const inWindow = (test: (t: SentenceTraits) => boolean): number => Number(window.some(test));
  const anywhere = (test: (t: SentenceTraits) => boolean): number => Number(traits.some(test));
  return [
    inWindow((t) => asks(t) && (t.overlap === 'low' || t.overlap === 'few') && t.setting === 'page'),
    inWindow((t) => asks(t) && t.overlap === 'mid' && t.setting === 'page'),
    anywhere((t) => t.question && t.overlap === 'low' && t.setting === 'page'),
    anywhere((t) => t.addressed && !t.question && t.overlap === 'low' && t.setting === 'page'),
    inWindow((t) => t.setting === 'chat' && t.overlap !== 'alone'),
    inWindow((t) => asks(t) && t.aimsAtModel && t.overlap !== 'high' && t.overlap !== 'alone' && t.setting === 'page'),
    anywhere((t) => t.assistantAsk && (t.overlap === 'low' || t.overlap === 'few') && t.setting === 'page'),
    anywhere((t) => t.assistantAsk && (t.overlap === 'low' || t.overlap === 'few') && t.setting === 'chat'),
  ];
}
