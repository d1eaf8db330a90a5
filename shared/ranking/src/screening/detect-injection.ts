import type { InjectionFamily } from './injection-patterns.ts';
import { INJECTION_FAMILIES } from './injection-patterns.ts';
// The risk bands are part of the search response contract.
import { INJECTION_RISK_MEDIUM_FROM } from '@rankgate/contracts';

export interface InjectionAssessment {
  /** 0-1; the hard gate drops a row at or above PROMPT_INJECTION_THRESHOLD (0.55). */
  score: number;
  /** One reason per family of evidence found, strongest first. */
  reasons: string[];
}

export type InjectionRisk = 'low' | 'medium' | 'high';

/** Pages are long; evidence beyond this many characters is not looked for (bounded cost). */
const MAX_SCANNED_CHARS = 200_000;

/** Patterns joined into one alternation (`(?:a)|(?:b)`) with the given flags. */
function joined(patterns: readonly RegExp[], flags: string): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'), flags);
}

interface FlagGroup {
  /** Every pattern with these flags, of every family, in one global alternation. */
  scanner: RegExp;
  /** Each family's own patterns with these flags, sticky: tried only where the scanner matched. */
  families: { family: InjectionFamily; sticky: RegExp }[];
}

/**
 * The patterns grouped by their flags (almost all are case-insensitive; a few are case-sensitive
 * or Unicode). Per group, one scanner walks a page once, instead of one walk per pattern (a 20 KB
 * page in about half the time).
 */
const GROUPS: readonly FlagGroup[] = [...new Set(INJECTION_FAMILIES.flatMap((family) => family.patterns.map((p) => p.flags)))].map((flags) => ({
  scanner: joined(INJECTION_FAMILIES.flatMap((family) => family.patterns.filter((p) => p.flags === flags)), `${flags}g`),
  families: INJECTION_FAMILIES.flatMap((family) => {
    const own = family.patterns.filter((p) => p.flags === flags);
    return own.length > 0 ? [{ family, sticky: joined(own, `${flags}y`) }] : [];
  }),
}));

/**
 * The families whose patterns match `text` (match functions aside). Each position where a group's
 * scanner matches is tried with each family's sticky alternation, so every family that matches
 * anywhere is found, also where two families match at the same place.
 */
export function familiesMatching(text: string): Set<InjectionFamily> {
  const found = new Set<InjectionFamily>();
  for (const { scanner, families } of GROUPS) {
    const pending = families.filter((entry) => !found.has(entry.family));
    scanner.lastIndex = 0;
    for (let match = scanner.exec(text); match !== null && pending.length > 0; match = scanner.exec(text)) {
      for (let i = pending.length - 1; i >= 0; i -= 1) {
        const entry = pending[i];
        if (!entry) continue;
        entry.sticky.lastIndex = match.index;
        if (entry.sticky.test(text)) {
          found.add(entry.family);
          pending.splice(i, 1);
        }
      }
      scanner.lastIndex = match.index + 1;
    }
  }
  return found;
}

/**
 * The local prompt-injection detector: offline, deterministic, microseconds for a snippet.
 * Families of evidence combine as independent signals: score = 1 − Π(1 − weight).
 */
export function detectInjection(text: string): InjectionAssessment {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  let clean = 1;
  const found: { reason: string; weight: number }[] = [];
  const matched = familiesMatching(scanned);
  for (const family of INJECTION_FAMILIES) {
    if (matched.has(family) || family.match?.(scanned) === true) {
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
