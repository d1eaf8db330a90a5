import { INJECTION_FAMILIES } from './injection-patterns.ts';

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
 * A family's patterns joined into one alternation per set of flags: the regex engine then walks a
 * 20 KB page once per family instead of once per pattern (about half the time). Only whether the
 * family matched is needed, so the joined form answers the same question.
 */
export function joinPatterns(patterns: readonly RegExp[]): RegExp[] {
  const byFlags = new Map<string, string[]>();
  for (const pattern of patterns) byFlags.set(pattern.flags, [...(byFlags.get(pattern.flags) ?? []), `(?:${pattern.source})`]);
  return [...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags.replace('g', '').replace('y', '')));
}

const PREPARED = INJECTION_FAMILIES.map((family) => ({ family, joined: joinPatterns(family.patterns) }));

/**
 * The local prompt-injection detector: offline, deterministic, microseconds for a snippet.
 * Families of evidence combine as independent signals: score = 1 − Π(1 − weight).
 */
export function detectInjection(text: string): InjectionAssessment {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  let clean = 1;
  const found: { reason: string; weight: number }[] = [];
  for (const { family, joined } of PREPARED) {
    if (joined.some((pattern) => pattern.test(scanned)) || family.match?.(scanned) === true) {
      clean *= 1 - family.weight;
      found.push(family);
    }
  }
  found.sort((a, b) => b.weight - a.weight);
  return { score: Math.round((1 - clean) * 1000) / 1000, reasons: found.map((f) => f.reason) };
}

/** The UI label (Injection risk): high at the gate threshold, medium from 0.3. */
export function injectionRisk(score: number | null, threshold: number): InjectionRisk {
  if (score === null || score >= threshold) return 'high';
  return score >= 0.3 ? 'medium' : 'low';
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
