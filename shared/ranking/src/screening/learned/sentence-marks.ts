/**
 * Which sentences speak to the reader (ADDRESSED), of the writer (FIRST_PERSON) or aim at a model
 * (AIMS_AT_MODEL): the sentence of each match start of each pattern, as a global exec loop gives them.
 * One walk over the ASCII words replaces three regex passes over the whole text: the first two
 * patterns match exactly a word from a list (their \b is ASCII, as these words are), and the third
 * is tried (sticky) only where a match can start: at a word on its list of first words, or at "http".
 */

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
 * A word an AIMS_AT_MODEL match can start with, only before a certain character (its ASCII word:
 * "réponse" starts with the word "r", "user's" with "user"): tried there with the regex.
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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const isAsciiWord = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
const lowerAscii = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

// Open addressing by the FNV hash of the lower-cased word; a hit is checked letter by letter.
const TABLE_SIZE = 256;
const tableUsed = new Uint8Array(TABLE_SIZE);
const tableHash = new Int32Array(TABLE_SIZE);
const tableWord: string[] = new Array<string>(TABLE_SIZE).fill('');
const tableFlags = new Uint8Array(TABLE_SIZE);
/** Per slot: its word in lower case, and for an AIMS_START word how AIMS_AT_MODEL goes on after it. */
const tableLower: string[] = new Array<string>(TABLE_SIZE).fill('');
const tableNext: string[] = new Array<string>(TABLE_SIZE).fill('');
for (const [word, flag] of FLAGGED) {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i += 1) h = Math.imul(h ^ lowerAscii(word.charCodeAt(i)), FNV_PRIME);
  let slot = h & (TABLE_SIZE - 1);
  while (tableUsed[slot] === 1 && tableLower[slot] !== word.toLowerCase()) slot = (slot + 1) & (TABLE_SIZE - 1);
  tableUsed[slot] = 1;
  tableHash[slot] = h;
  // The first person's words are case-sensitive ("I", not "i"): kept as written, compared as written.
  tableWord[slot] = flag === FIRST_PERSON_WORD || tableWord[slot] === '' ? word : (tableWord[slot] ?? word);
  tableLower[slot] = word.toLowerCase();
  tableFlags[slot] = (tableFlags[slot] ?? 0) | flag;
  if (flag === AIMS_START) tableNext[slot] = AIMS_STARTS[word] ?? '';
}

/** Whether text[from, to) is `word`, ASCII case folded, or exactly (`exact`). */
function sameWord(text: string, from: number, to: number, word: string, exact: boolean): boolean {
  if (to - from !== word.length) return false;
  for (let i = 0; i < word.length; i += 1) {
    const code = text.charCodeAt(from + i);
    if ((exact ? code : lowerAscii(code)) !== word.charCodeAt(i)) return false;
  }
  return true;
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

/** "http" (any case) at `at`. */
const httpAt = (text: string, at: number): boolean =>
  (text.charCodeAt(at + 1) | 0x20) === 116 &&
  (text.charCodeAt(at + 2) | 0x20) === 116 &&
  (text.charCodeAt(at + 3) | 0x20) === 112;

export interface SentenceMarks {
  addressed: Uint8Array;
  firstPerson: Uint8Array;
  aimsAtModel: Uint8Array;
}

/** Per sentence (sentence k spans starts[k] to starts[k + 1]), whether each pattern matches in it. */
export function sentenceMarks(text: string, starts: readonly number[]): SentenceMarks {
  const count = starts.length;
  const marks = {
    addressed: new Uint8Array(count),
    firstPerson: new Uint8Array(count),
    aimsAtModel: new Uint8Array(count),
  };
  let block = 0;
  let nextStart = count > 1 ? (starts[1] ?? 0) : Infinity;
  const blockAt = (at: number): number => {
    while (at >= nextStart) {
      block += 1;
      nextStart = block + 1 < count ? (starts[block + 1] ?? 0) : Infinity;
    }
    return block;
  };
  // The end of the last AIMS_AT_MODEL match: a global exec loop looks for the next one from there.
  let aimsFrom = 0;
  const tryAims = (at: number): void => {
    if (at < aimsFrom) return;
    AIMS_AT.lastIndex = at;
    const match = AIMS_AT.exec(text);
    if (match === null) return;
    marks.aimsAtModel[blockAt(at)] = 1;
    aimsFrom = at + match[0].length;
  };
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    let code = text.charCodeAt(i);
    if (!isAsciiWord(code)) continue;
    const from = i;
    let h = FNV_OFFSET;
    let http = -1;
    for (; i < length; i += 1) {
      code = text.charCodeAt(i);
      if (!isAsciiWord(code)) break;
      if ((code | 0x20) === 104 && http < 0 && httpAt(text, i)) http = i;
      h = Math.imul(h ^ lowerAscii(code), FNV_PRIME);
    }
    let flags = 0;
    let next = '';
    for (let slot = h & (TABLE_SIZE - 1); tableUsed[slot] === 1; slot = (slot + 1) & (TABLE_SIZE - 1)) {
      if (tableHash[slot] !== h) continue;
      const slotFlags = tableFlags[slot] ?? 0;
      if (slotFlags & FIRST_PERSON_WORD && sameWord(text, from, i, tableWord[slot] ?? '', true))
        flags |= FIRST_PERSON_WORD;
      if (slotFlags & ~FIRST_PERSON_WORD && sameWord(text, from, i, tableLower[slot] ?? '', false)) {
        flags |= slotFlags & ~FIRST_PERSON_WORD;
        next = tableNext[slot] ?? '';
      }
    }
    if (flags & ADDRESSED_WORD) marks.addressed[blockAt(from)] = 1;
    if (flags & FIRST_PERSON_WORD) marks.firstPerson[blockAt(from)] = 1;
    const gpt =
      i - from >= 3 &&
      (text.charCodeAt(from) | 0x20) === 103 &&
      (text.charCodeAt(from + 1) | 0x20) === 112 &&
      (text.charCodeAt(from + 2) | 0x20) === 116;
    if (flags & AIMS_WORD && from >= aimsFrom) {
      marks.aimsAtModel[blockAt(from)] = 1;
      aimsFrom = i;
    } else if (gpt || (flags & AIMS_START && goesOn(text, i, next))) tryAims(from);
    // "https?://" needs no word boundary: tried at each "http" inside a word too, in order.
    for (let at = http; at >= 0 && at < i; at += 1) {
      if ((text.charCodeAt(at) | 0x20) === 104 && httpAt(text, at)) tryAims(at);
    }
  }
  return marks;
}
