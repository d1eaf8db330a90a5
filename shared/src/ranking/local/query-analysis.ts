import { contentTerms, isStopword, stem } from './text.ts';

/** What kind of fact the query asks for; `states_sought_fact` looks for that kind of evidence. */
export type QueryIntent = 'when' | 'who' | 'where' | 'quantity' | 'why' | 'how' | 'definition' | 'other';

export interface QueryAnalysis {
  /** Stemmed content terms. */
  terms: string[];
  /** The terms naming what the query is about (proper nouns, else the most specific terms). */
  subjectTerms: string[];
  intent: QueryIntent;
  /** The query's content words in order, for phrase matching. */
  phrase: string;
}

const INTENTS: [QueryIntent, RegExp][] = [
  ['when', /^\s*(?:when|what (?:year|date|time)|in what year|since when)\b/i],
  ['who', /^\s*(?:who|whom|whose)\b/i],
  ['where', /^\s*(?:where|in which (?:country|city|place))\b/i],
  ['quantity', /^\s*(?:how (?:many|much|long|far|old|big|tall|large|fast|often)|what (?:is the )?(?:number|amount|percentage|size|population))\b/i],
  ['why', /^\s*why\b|\bcaus(?:e|es|ed) (?:of|by)\b/i],
  ['how', /^\s*how (?:do|does|did|to|can|is|are)\b/i],
  ['definition', /^\s*(?:what (?:is|are|was|were|does)|define|meaning of)\b/i],
];

/** A subject is named in a few words; more would make `subject_match` a second topicality score. */
const MAX_SUBJECT_TERMS = 3;

/** Words that say what is asked, not what it is about. */
const GENERIC_TERMS = new Set(`work make use get best good way difference example type kind need happen mean meaning
list guide explain explanation define definition learn find show better top thing happen cause effect compare vs
new old first last many much long far`.split(/\s+/).map(stem));

export function analyzeQuery(query: string): QueryAnalysis {
  const terms = [...new Set(contentTerms(query))];
  const properNouns = [...query.matchAll(/(?:^|\s)([\p{Lu}][\p{L}\p{N}-]+)/gu)]
    .map((m) => m[1] ?? '')
    .filter((w, i) => w && !isStopword(w) && !(i === 0 && /^(?:what|who|when|where|why|how|which|is|are|do|does)$/i.test(w)))
    .map((w) => stem(w.toLowerCase()));
  // Without proper nouns, the subject is the few most specific terms left after generic words
  // ("work", "best", "way"): a long query's every word is not its subject.
  const specific = terms.filter((t) => !GENERIC_TERMS.has(t));
  const pool = specific.length > 0 ? specific : terms;
  const subjectTerms = properNouns.length > 0
    ? [...new Set(properNouns)]
    : [...pool].sort((a, b) => b.length - a.length).slice(0, MAX_SUBJECT_TERMS);
  const intent = INTENTS.find(([, pattern]) => pattern.test(query))?.[0] ?? 'other';
  return { terms, subjectTerms, intent, phrase: terms.join(' ') };
}
