import { contentTerms, isStopword, stem, termsOfWords, words } from './text.ts';

/** What kind of fact the query asks for; `states_sought_fact` looks for that kind of evidence. */
export type QueryIntent = 'when' | 'who' | 'where' | 'quantity' | 'why' | 'how' | 'definition' | 'other';

export interface QueryAnalysis {
  /** Stemmed content terms. */
  terms: string[];
  /** The terms naming what the query is about (proper nouns, else the most specific terms). */
  subjectTerms: string[];
  /**
   * True when the query names its subject with a capitalised word (a person, place or product), false for symbols or
   * a guess.
   */
  subjectNamed: boolean;
  intent: QueryIntent;
  /**
   * A statement's grammatical subject: the content terms before its first auxiliary verb ("Assembly of invadopodia
   * is triggered by ..." → "assembly", "invadopodia"); empty for a question or when no auxiliary opens the predicate.
   */
  claimSubject: string[];
  /** The query's content words in order, for phrase matching. */
  phrase: string;
}

const INTENTS: [QueryIntent, RegExp][] = [
  ['when', /^\s*(?:when|what (?:year|date|time)|in what year|since when)\b/i],
  ['who', /^\s*(?:who|whom|whose)\b/i],
  ['where', /^\s*(?:where|in which (?:country|city|place))\b/i],
  [
    'quantity',
    /^\s*(?:how (?:many|much|long|far|old|big|tall|large|fast|often)|what (?:is the )?(?:number|amount|percentage|size|population))\b/i,
  ],
  ['why', /^\s*why\b|\bcaus(?:e|es|ed) (?:of|by)\b/i],
  ['how', /^\s*how (?:do|does|did|to|can|is|are)\b/i],
  ['definition', /^\s*(?:what (?:is|are|was|were|does)|define|meaning of)\b/i],
];

/** A subject is named in a few words; more would make `subject_match` a second topicality score. */
const MAX_SUBJECT_TERMS = 3;

/** Words that say what is asked, not what it is about. */
const GENERIC_TERMS = new Set(
  `work make use get best good way difference example type kind need happen mean meaning
list guide explain explanation define definition learn find show better top thing happen cause effect compare vs
new old first last many much long far`
    .split(/\s+/)
    .map(stem),
);

/** Whether the word at `index` opens the query or a sentence in it (capitalised for grammar only). */
function startsSentence(query: string, index: number): boolean {
  return /^\s*$/.test(query.slice(0, index)) || /[.!?:]\s*$/.test(query.slice(0, index));
}

/** A capital that grammar does not explain: a second capital or a digit ("ALDH1", "iOS", "DMRT1", "McCain"). */
const looksLikeName = (word: string): boolean => /^.[\s\S]*[\p{Lu}\p{N}]/u.test(word);

/** Verbs that open a statement's predicate: what comes before names what the statement is about. */
const AUXILIARIES = new Set(
  'is are was were be been has have had can could may might will would shall should must does do did'.split(' '),
);

const QUESTION_WORDS = new Set('what when where who whom whose why which how'.split(' '));

/** A subject is named in the first few words; an auxiliary later in a long sentence sits in a clause. */
const MAX_CLAIM_SUBJECT_WORDS = 6;

/** The content terms of a statement's grammatical subject (`claimSubject` of QueryAnalysis). */
function claimSubjectOf(query: string): string[] {
  if (/\?\s*$/.test(query)) return [];
  const list = words(query);
  if (QUESTION_WORDS.has(list[0] ?? '')) return [];
  const verb = list.findIndex((word) => AUXILIARIES.has(word));
  // An auxiliary first is a question without its mark ("is coffee bad for you").
  if (verb <= 0 || verb > MAX_CLAIM_SUBJECT_WORDS) return [];
  return [...new Set(termsOfWords(list.slice(0, verb)))];
}

export function analyzeQuery(query: string): QueryAnalysis {
  const terms = [...new Set(contentTerms(query))];
  const names = [...query.matchAll(/(?:^|\s)([\p{Lu}][\p{L}\p{N}-]+)/gu)]
    .map((m) => ({ word: m[1] ?? '', index: m.index ?? 0 }))
    .filter(({ word, index }) => word && !isStopword(word) && !(startsSentence(query, index) && !looksLikeName(word)));
  const properNouns = names.map(({ word }) => stem(word.toLowerCase()));
  // Without proper nouns, the subject is the few most specific terms left after generic words
  // ("work", "best", "way"): a long query's every word is not its subject.
  const specific = terms.filter((t) => !GENERIC_TERMS.has(t));
  const pool = specific.length > 0 ? specific : terms;
  const subjectTerms =
    properNouns.length > 0
      ? [...new Set(properNouns)]
      : [...pool].sort((a, b) => b.length - a.length).slice(0, MAX_SUBJECT_TERMS);
  const intent = INTENTS.find(([, pattern]) => pattern.test(query))?.[0] ?? 'other';
  // A capitalised word ("Marie", "Jamaica") names a person, place or thing whose absence is telling;
  // a symbol ("CCL19", "AMPK") is often spelled out or abbreviated differently in a source.
  const subjectNamed = names.some(({ word }) => /^\p{Lu}\p{Ll}+$/u.test(word));
  const claimSubject = claimSubjectOf(query);
  return { terms, subjectTerms, subjectNamed, intent, claimSubject, phrase: terms.join(' ') };
}
