import { INJECTION_FAMILIES } from './injection-patterns.ts';
// The risk bands are part of the search response contract.
import { INJECTION_RISK_MEDIUM_FROM } from '../contracts/search-response.ts';

export interface InjectionAssessment {
  /** 0-1; the hard gate drops a row at or above PROMPT_INJECTION_THRESHOLD (0.55). */
  score: number;
  /** One reason per family of evidence found, strongest first. */
  reasons: string[];
}

export type InjectionRisk = 'low' | 'medium' | 'high';

/** Pages are long; evidence beyond this many characters is not looked for (bounded cost). */
const MAX_SCANNED_CHARS = 200_000;

/**
 * The local prompt-injection detector: offline, deterministic, microseconds for a snippet.
 * Families of evidence combine as independent signals: score = 1 − Π(1 − weight).
 */
export function detectInjection(text: string): InjectionAssessment {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  let clean = 1;
  const found: { reason: string; weight: number }[] = [];
  for (const family of INJECTION_FAMILIES) {
    if (family.patterns.some((pattern) => pattern.test(scanned)) || family.match?.(scanned) === true) {
      clean *= 1 - family.weight;
      found.push(family);
    }
  }
  found.sort((a, b) => b.weight - a.weight);
  return { score: Math.round((1 - clean) * 1000) / 1000, reasons: found.map((f) => f.reason) };
}

/** The UI label (Injection risk): high at the gate threshold, medium from INJECTION_RISK_MEDIUM_FROM. */
export function injectionRisk(score: number | null, threshold: number): InjectionRisk {
  if (score === null || score >= threshold) return 'high';
  return score >= INJECTION_RISK_MEDIUM_FROM ? 'medium' : 'low';
}

/**
 * Screens one search result. The title is metadata, not a line of the page, so it joins the snippet
 * inline (a question title such as "How do tides work?" is not a question planted in content);
 * page text (deep mode) keeps its own lines, where line structure is evidence.
 */
export function screenResult({ title, snippet, content }: { title: string; snippet: string; content?: string }): InjectionAssessment {
  const summary = title ? `${title} — ${snippet}` : snippet;
  return detectInjection(content ? `${summary}\n${content}` : summary);
}
