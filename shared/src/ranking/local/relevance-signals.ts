import type { QueryAnalysis, QueryIntent } from './query-analysis.ts';
import { clamp01, contentTerms, coverage } from './text.ts';

export interface CandidateText {
  title: string;
  /** Snippet, or snippet plus page text in deep mode. */
  body: string;
}

interface Indexed { titleTerms: Set<string>; allTerms: Set<string>; joined: string; raw: string }

export function indexCandidate({ title, body }: CandidateText): Indexed {
  const titleTerms = contentTerms(title);
  const bodyTerms = contentTerms(body);
  return { titleTerms: new Set(titleTerms), allTerms: new Set([...titleTerms, ...bodyTerms]), joined: [...titleTerms, ...bodyTerms].join(' '), raw: `${title}\n${body}` };
}

/** How much of the query the candidate covers, with the title weighing in and a bonus for the phrase. */
export function onTopic(query: QueryAnalysis, c: Indexed): number {
  if (query.terms.length === 0) return 0;
  const phraseBonus = query.terms.length >= 2 && c.joined.includes(query.phrase) ? 0.15 : 0;
  return clamp01(0.7 * coverage(query.terms, c.allTerms) + 0.3 * coverage(query.terms, c.titleTerms) + phraseBonus);
}

/** `term` in the text, or as the start of a longer word there ("aldh1" in "aldh1a1"). */
function mentions(term: string, c: Indexed): boolean {
  if (c.allTerms.has(term)) return true;
  if (term.length < 4) return false;
  for (const word of c.allTerms) if (word.startsWith(term)) return true;
  return false;
}

/**
 * Whether the candidate is about the query's subject; null when the query names none. Lexical
 * evidence can only show that a subject is absent, so any subject term present puts the row at
 * 0.5 or above (the gate passes it), and a row naming none scores by how much of the query it covers.
 */
export function subjectMatch(query: QueryAnalysis, c: Indexed): number | null {
  if (query.subjectTerms.length === 0) return null;
  const subject = query.subjectTerms.filter((t) => mentions(t, c)).length / query.subjectTerms.length;
  if (subject > 0) return 0.5 + 0.5 * subject;
  return query.terms.length === 0 ? 0 : query.terms.filter((t) => mentions(t, c)).length / query.terms.length;
}

/** Evidence of each kind of fact, looked for in the candidate's text. */
const FACT_EVIDENCE: Record<QueryIntent, RegExp> = {
  when: /\b(?:1[0-9]{3}|20[0-9]{2})\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|\b\d{1,2}(?:st|nd|rd|th)? century\b/i,
  who: /\b[\p{Lu}][\p{Ll}]+ [\p{Lu}][\p{Ll}]+\b/u,
  where: /\b(?:in|at|near|located|capital|city|country|region|province|state) (?:of |in )?[\p{Lu}]/u,
  quantity: /\b\d[\d,.]*\s*(?:%|percent|million|billion|thousand|km|kilometres?|miles?|kg|tons?|years?|people|meters?|metres?|feet|hours?|minutes?|days?)?\b/i,
  why: /\b(?:because|due to|caused by|causes?|results? (?:from|in)|leads? to|the reason|owing to|since)\b/i,
  how: /\b(?:by|through|using|steps?|process|works? by|mechanism|first|then|involves?)\b/i,
  definition: /\b(?:is an?|are|refers? to|means|is the|defined as|is a type of|known as)\b/i,
  other: /\b(?:is|are|was|were|has|have)\b/i,
};

/** Whether the text states the kind of fact the query seeks, about the query's terms. */
export function statesSoughtFact(query: QueryAnalysis, c: Indexed): number {
  const evidence = FACT_EVIDENCE[query.intent].test(c.raw) ? 1 : 0;
  return clamp01((0.55 * evidence + 0.45) * coverage(query.terms, c.allTerms));
}

const EXPLANATORY = /\b(?:is an?|are|refers? to|means|because|caused by|defined as|consists? of|occurs? when|explains?|describes?)\b/i;

/** Whether a reader could answer the query from this text: topical, explanatory, long enough. */
export function answerability(query: QueryAnalysis, c: Indexed, bodyLength: number): number {
  const topical = coverage(query.terms, c.allTerms);
  const explanatory = EXPLANATORY.test(c.raw) ? 1 : 0;
  const substance = Math.min(1, bodyLength / 160);
  return clamp01(topical * (0.5 + 0.25 * explanatory + 0.25 * substance));
}
