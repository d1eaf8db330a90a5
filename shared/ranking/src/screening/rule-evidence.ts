/**
 * The rule families' evidence in a text: which families match, where, and how much they weigh
 * together. Text is read with every run of whitespace as one space, so no rule depends on lines.
 */
import type { InjectionFamily } from './injection-patterns.ts';
import { INJECTION_FAMILIES } from './injection-patterns.ts';
import { flatText } from './flat-text.ts';

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
 * The patterns grouped by their flags. Per group, one scanner walks a page once, instead of one
 * walk per pattern.
 */
const GROUPS: readonly FlagGroup[] = [
  ...new Set(INJECTION_FAMILIES.flatMap((family) => family.patterns.map((p) => p.flags))),
].map((flags) => ({
  scanner: joined(
    INJECTION_FAMILIES.flatMap((family) => family.patterns.filter((p) => p.flags === flags)),
    `${flags}g`,
  ),
  families: INJECTION_FAMILIES.flatMap((family) => {
    const own = family.patterns.filter((p) => p.flags === flags);
    return own.length > 0 ? [{ family, sticky: joined(own, `${flags}y`) }] : [];
  }),
}));

/** Where a family's first match lies in the text it was given: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * The families whose patterns match `text` (match functions aside), each with its first match.
 * Each position where a group's scanner matches is tried with each family's sticky alternation, so
 * every family that matches anywhere is found, also where two families match at the same place.
 */
export function familiesMatching(text: string): Map<InjectionFamily, Span> {
  const found = new Map<InjectionFamily, Span>();
  for (const { scanner, families } of GROUPS) {
    const pending = families.filter((entry) => !found.has(entry.family));
    scanner.lastIndex = 0;
    for (let match = scanner.exec(text); match !== null && pending.length > 0; match = scanner.exec(text)) {
      for (let i = pending.length - 1; i >= 0; i -= 1) {
        const entry = pending[i];
        if (!entry) continue;
        entry.sticky.lastIndex = match.index;
        const own = entry.sticky.exec(text);
        if (own) {
          found.set(entry.family, { start: own.index, end: own.index + Math.max(1, own[0].length) });
          pending.splice(i, 1);
        }
      }
      scanner.lastIndex = match.index + 1;
    }
  }
  return found;
}

export interface FamilyHit {
  family: InjectionFamily;
  /** In the original text; absent for evidence of the whole text (repetition, an encoded run). */
  span?: Span;
}

export interface RuleEvidence {
  /** −ln Π(1 − weight) over the families found: 0 when none, larger with more and stronger families. */
  evidence: number;
  /** Strongest first. */
  hits: FamilyHit[];
}

/** The rule families found in `text`, with spans in `text` itself. */
export function ruleEvidence(text: string): RuleEvidence {
  const flat = flatText(text);
  const matched = familiesMatching(flat.text);
  const hits: FamilyHit[] = [];
  for (const family of INJECTION_FAMILIES) {
    const span = matched.get(family);
    if (span) hits.push({ family, span: { start: flat.original(span.start), end: flat.original(span.end - 1) + 1 } });
    else if (family.match?.(flat.text) === true) hits.push({ family });
  }
  hits.sort((a, b) => b.family.weight - a.family.weight);
  const evidence = hits.reduce((sum, hit) => sum - Math.log(1 - hit.family.weight), 0);
  return { evidence, hits };
}
