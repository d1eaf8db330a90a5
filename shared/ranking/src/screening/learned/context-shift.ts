/**
 * Context shift: how a sentence stands to the text around it. An injection planted in a page is
 * usually addressed to the reader (you, your reply, please) or asks something, and is about
 * something else than the page: few of its content words occur in the other sentences. How-to
 * guides and FAQs also address the reader and ask questions, but on their own topic. These
 * per-sentence traits become features of the learned model (./features.ts), which learns how
 * they combine from training data.
 */

/** Words too common to say what a sentence is about. */
const STOP_WORDS = new Set(['about', 'above', 'after', 'again', 'also', 'been', 'before', 'being', 'below', 'between', 'both', 'could',
  'does', 'doing', 'down', 'during', 'each', 'even', 'every', 'from', 'further', 'have', 'having', 'here', 'into', 'just', 'like',
  'made', 'make', 'many', 'more', 'most', 'much', 'must', 'only', 'other', 'over', 'please', 'same', 'should', 'some', 'such',
  'than', 'that', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'under', 'until', 'very', 'well',
  'were', 'what', 'when', 'where', 'which', 'while', 'will', 'with', 'would', 'your', 'yours', 'yourself', 'because', 'can\'t']);

/** Second person or a request: the sentence speaks to whoever reads it. */
const ADDRESSED = /\b(?:you|your|yours|yourself|please|kindly)\b/i;

export interface SentenceTraits {
  /** Speaks to the reader. */
  addressed: boolean;
  question: boolean;
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

/** Content words the rest of the text needs before a sentence can be foreign to it. */
const MIN_CONTEXT_WORDS = 8;

/** First person: the writer speaks of themselves, as a person asking for help does. */
const FIRST_PERSON = /\b(?:I|I'm|I've|my|me|we|our|us)\b/;
const QUESTION_END = /\?["'’”)\]]*$/;

const isLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code > 127;

/** The lower-cased words of four letters or more of `text`, each with its offset. */
function contentWords(text: string, sink: (word: string, at: number) => void): void {
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const letter = i < text.length && (isLetter(text.charCodeAt(i)) || (start >= 0 && text.charCodeAt(i) === 39));
    if (letter) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= 4) {
      const word = text.slice(start, i).toLowerCase();
      if (!STOP_WORDS.has(word)) sink(word, start);
    }
    start = -1;
  }
}

/** The traits of each sentence of `text` (sentence k spans starts[k] to starts[k + 1]). */
export function sentenceTraits(text: string, starts: readonly number[]): SentenceTraits[] {
  const count = starts.length;
  const blockAt = (at: number): number => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Per word: the first sentence it was seen in, or -1 once seen in two different sentences.
  const seen = new Map<string, number>();
  const words: { word: string; block: number }[] = [];
  if (count > 1) {
    contentWords(text, (word, at) => {
      const block = blockAt(at);
      words.push({ word, block });
      const first = seen.get(word);
      if (first === undefined) seen.set(word, block);
      else if (first !== block && first !== -1) seen.set(word, -1);
    });
  }
  const total = new Uint16Array(count);
  const shared = new Uint16Array(count);
  for (const { word, block } of words) {
    total[block] = (total[block] ?? 0) + 1;
    if (seen.get(word) === -1) shared[block] = (shared[block] ?? 0) + 1;
  }
  const all = words.length;
  const sentences = starts.map((start, block) => text.slice(start, starts[block + 1] ?? text.length).trim());
  const speaking = sentences.map((sentence) => ADDRESSED.test(sentence) || FIRST_PERSON.test(sentence) || QUESTION_END.test(sentence));
  const speakingCount = speaking.filter(Boolean).length;
  return sentences.map((sentence, block) => {
    const n = total[block] ?? 0;
    const share = n > 0 ? (shared[block] ?? 0) / n : 0;
    const overlap = all - n < MIN_CONTEXT_WORDS ? 'alone' : n < 2 ? 'few' : share < 0.2 ? 'low' : share < 0.5 ? 'mid' : 'high';
    const position = overlap === 'alone' ? 'alone' : block === 0 ? 'first' : block === count - 1 ? 'last' : 'middle';
    const others = count - 1;
    const setting = others > 0 && (speakingCount - Number(speaking[block])) * 3 >= others ? 'chat' : 'page';
    return { addressed: ADDRESSED.test(sentence), question: QUESTION_END.test(sentence), overlap, setting, position };
  });
}
