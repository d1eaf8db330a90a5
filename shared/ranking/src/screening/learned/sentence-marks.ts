/**
 * Which sentences speak to the reader (ADDRESSED), of the writer (FIRST_PERSON) or aim at a model
 * (AIMS_AT_MODEL): the sentence of each match start of each pattern, as a global exec loop gives them.
 * The text's words (../word-set.ts, read once for the rule scan too) replace three regex passes over the
 * whole text: the first two patterns match exactly a word from a list (their \b is ASCII, as these words
 * are), and the third is tried (sticky) only where a match can start: at a word on its list of first
 * words, at a word starting "gpt", or at "http".
 */
import { hashWord, wordsOf } from '../word-set.ts';
import { sentenceAt } from './sentence-at.ts';

/** Second person or a request: the sentence speaks to whoever reads it. */
export const ADDRESSED = /\b(?:you|your|yours|yourself|please|kindly)\b/gi;
/** First person: the writer speaks of themselves, as a person asking for help does. */
export const FIRST_PERSON = /\b(?:I|I'm|I've|my|me|we|our|us)\b/g;
/**
 * Aimed at a model rather than a person: names an assistant or model, its reply or output, its user or
 * instructions, or asks for what an attacker wants (secrets, links, tools). A how-to addresses a person
 * about the page's own procedure and has none of these; an injection nearly always has one.
 */
export const AIMS_AT_MODEL = new RegExp(
  [
    String.raw`\b(?:assistant|assistente?|asistente|chatbot|bot|ai|ki|ia|llm|gpt\S*|model|agent|language model)\b`,
    String.raw`\byour (?:reply|response|answer|output|summary|instructions|task|prompt|rules|guidelines)\b`,
    String.raw`\b(?:the user|user's|system prompt|previous instructions|instructions above|ignore|disregard|instead)\b`,
    String.raw`\b(?:password|api key|credentials?|secret|token|link|url|e-?mail (?:it |this |them )?to)\b`,
    String.raw`https?:\/\/|\bwww\.`,
    String.raw`\b(?:antwort|réponse|respuesta|risposta|anweisungen|instructions précédentes|instrucciones)\b`,
  ].join('|'),
  'gi',
);
const AIMS_AT = new RegExp(AIMS_AT_MODEL.source, 'iy');

const ADDRESSED_WORD = 1;
const FIRST_PERSON_WORD = 2;
/** A whole AIMS_AT_MODEL match by itself: its branch is this word and a word boundary. */
const AIMS_WORD = 4;
/**
 * A word an AIMS_AT_MODEL match can start with where a certain text follows (its ASCII word: "réponse"
 * starts with the word "r", "user's" with "user"): tried there with the regex.
 */
const AIMS_START = 8;
const AIMS_WORDS = [
  ...['assistant', 'assistent', 'assistente', 'asistente', 'chatbot', 'bot', 'ai', 'ki', 'ia', 'llm', 'model'],
  ...['agent', 'ignore', 'disregard', 'instead', 'password', 'credential', 'credentials', 'secret', 'token'],
  ...['link', 'url', 'antwort', 'respuesta', 'risposta', 'anweisungen', 'instrucciones'],
];
/** The words AIMS_AT_MODEL goes on from, and how it goes on (the regex decides; this only rules places out). */
const AIMS_STARTS: Record<string, string> = {
  ...{ the: ' user', your: ' ', language: ' model', system: ' prompt', previous: ' instructions', instructions: ' ' },
  ...{ api: ' key', email: ' ', user: "'s", e: '-mail', www: '.', r: 'é' },
};
const FLAGGED: [string, number][] = [
  ...['you', 'your', 'yours', 'yourself', 'please', 'kindly'].map((w): [string, number] => [w, ADDRESSED_WORD]),
  ...['I', 'my', 'me', 'we', 'our', 'us'].map((w): [string, number] => [w, FIRST_PERSON_WORD]),
  ...AIMS_WORDS.map((w): [string, number] => [w, AIMS_WORD]),
  ...Object.keys(AIMS_STARTS).map((w): [string, number] => [w, AIMS_START]),
];

const isAsciiWord = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
const lowerAscii = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

interface Flagged {
  hash: number;
  /** As written for the first person (case-sensitive), else lower case. */
  word: string;
  flag: number;
  /** For an AIMS_START word, how AIMS_AT_MODEL goes on after it. */
  next: string;
}
const FLAGGED_WORDS: Flagged[] = FLAGGED.map(([word, flag]) => ({
  hash: hashWord(word),
  word: flag === FIRST_PERSON_WORD ? word : word.toLowerCase(),
  flag,
  next: AIMS_STARTS[word] ?? '',
}));

/** Whether the ASCII word at `at` is `word`, ASCII case folded, or exactly (`exact`). */
function wordAt(text: string, at: number, word: string, exact: boolean): boolean {
  for (let i = 0; i < word.length; i += 1) {
    const code = text.charCodeAt(at + i);
    if ((exact ? code : lowerAscii(code)) !== word.charCodeAt(i)) return false;
  }
  return !isAsciiWord(text.charCodeAt(at + word.length));
}

/** Whether `text` goes on at `at` with `next` (lower case), as the "i" flag folds ASCII letters and "é". */
function goesOn(text: string, at: number, next: string): boolean {
  if (at + next.length > text.length) return false;
  for (let k = 0; k < next.length; k += 1) {
    const want = next.charCodeAt(k);
    const code = text.charCodeAt(at + k);
    if (code === want || ((want >= 97 && want <= 122) || want === 0xe9 ? (code | 0x20) === want : false)) continue;
    return false;
  }
  return true;
}

/** Where a word starting "gpt" or an "http" may be (any case): found by the regex engine, checked below. */
const GPT_OR_HTTP = /gpt|http/gi;

export interface SentenceMarks {
  addressed: Uint8Array;
  firstPerson: Uint8Array;
  aimsAtModel: Uint8Array;
}

/** AIMS_AT_MODEL's candidate starts, doubled: plus 1 for a whole match, plus 0 for a place to try the regex. */
const candidates: number[] = [];
const POSITIONS: number[] = [];

/** Per sentence (sentence k spans starts[k] to starts[k + 1]), whether each pattern matches in it. */
export function sentenceMarks(text: string, starts: readonly number[]): SentenceMarks {
  const count = starts.length;
  const marks = {
    addressed: new Uint8Array(count),
    firstPerson: new Uint8Array(count),
    aimsAtModel: new Uint8Array(count),
  };
  const words = wordsOf(text);
  candidates.length = 0;
  for (const { hash, word, flag, next } of FLAGGED_WORDS) {
    if (!words.has(hash)) continue;
    POSITIONS.length = 0;
    words.positions(hash, POSITIONS);
    for (const at of POSITIONS) {
      if (!wordAt(text, at, word, flag === FIRST_PERSON_WORD)) continue;
      if (flag === ADDRESSED_WORD) marks.addressed[sentenceAt(starts, at)] = 1;
      else if (flag === FIRST_PERSON_WORD) marks.firstPerson[sentenceAt(starts, at)] = 1;
      else if (flag === AIMS_WORD) candidates.push(at * 2 + 1);
      else if (goesOn(text, at + word.length, next)) candidates.push(at * 2);
    }
  }
  GPT_OR_HTTP.lastIndex = 0;
  for (let match = GPT_OR_HTTP.exec(text); match !== null; match = GPT_OR_HTTP.exec(text)) {
    const at = match.index;
    // "https?://" needs no word boundary; "gpt\S*" starts a word.
    if (match[0].length === 4 || !isAsciiWord(text.charCodeAt(at - 1))) candidates.push(at * 2);
    GPT_OR_HTTP.lastIndex = at + 1;
  }
  candidates.sort((a, b) => a - b);
  // The end of the last match: a global exec loop looks for the next one from there.
  let aimsFrom = 0;
  for (const candidate of candidates) {
    const at = candidate >> 1;
    if (at < aimsFrom) continue;
    if ((candidate & 1) === 1) {
      marks.aimsAtModel[sentenceAt(starts, at)] = 1;
      aimsFrom = at + 1;
      while (isAsciiWord(text.charCodeAt(aimsFrom))) aimsFrom += 1;
      continue;
    }
    AIMS_AT.lastIndex = at;
    const match = AIMS_AT.exec(text);
    if (match === null) continue;
    marks.aimsAtModel[sentenceAt(starts, at)] = 1;
    aimsFrom = at + match[0].length;
  }
  return marks;
}
