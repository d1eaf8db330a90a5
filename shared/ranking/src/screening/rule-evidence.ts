/**
 * The rule families' evidence in a text: which families match, where, and how much they weigh
 * together. Text is read with every run of whitespace as one space, so no rule depends on lines.
 */
import type { InjectionFamily } from './injection-patterns.ts';
import { INJECTION_FAMILIES } from './injection-patterns.ts';
import type { FlatText, Span } from './flat-text.ts';
import { flatText } from './flat-text.ts';
import { PatternPrefilter } from './pattern-prefilter.ts';
import { inQuotedMention } from './quoted-mention.ts';
import { leadingWords } from './pattern-words.ts';
import type { WordSet } from './word-set.ts';
import { hashWord, wordsOf } from './word-set.ts';

/** A family's patterns, one list per flag set, in the order the flag sets first occur among all patterns. */
interface FamilyScan {
  family: InjectionFamily;
  groups: ScannedPattern[][];
}

interface ScannedPattern {
  regex: RegExp;
  index: number;
  /** The same pattern, sticky, and the hashes of the words any match of it starts with (null: unknown). */
  sticky: RegExp;
  leads: number[] | null;
}

const PATTERNS = INJECTION_FAMILIES.flatMap((family) => family.patterns);
const FLAG_ORDER = [...new Set(PATTERNS.map((pattern) => pattern.flags))];

const SCANS: readonly FamilyScan[] = INJECTION_FAMILIES.map((family) => ({
  family,
  groups: FLAG_ORDER.map((flags) =>
    family.patterns
      .filter((pattern) => pattern.flags === flags)
      .map((pattern) => ({
        regex: new RegExp(pattern.source, `${flags}g`),
        index: PATTERNS.indexOf(pattern),
        sticky: new RegExp(pattern.source, `${flags}y`),
        leads: leadingWords(pattern)?.map(hashWord) ?? null,
      })),
  ).filter((group) => group.length > 0),
}));

const PREFILTER = new PatternPrefilter(PATTERNS);
/** The words of the text being scanned (shared with the learned model; scanning is synchronous). */
let WORDS: WordSet = wordsOf('');

/** Tried where its leading words start when they start this many times or fewer (a regex walk is cheaper beyond). */
const MAX_STARTS = 48;
/** Candidate starts (reused; scanning is synchronous). */
const STARTS: number[] = [];

/**
 * A pattern's first match in the text WORDS holds. A pattern whose matches all start with one of a few
 * words is tried only where those words start (sticky, in order), not walked over a whole page.
 */
function firstMatch({ regex, sticky, leads }: ScannedPattern, text: string): RegExpExecArray | null {
  if (leads !== null) {
    STARTS.length = 0;
    for (const hash of leads) WORDS.positions(hash, STARTS);
    if (STARTS.length <= MAX_STARTS) {
      STARTS.sort((a, b) => a - b);
      for (const start of STARTS) {
        sticky.lastIndex = start;
        const match = sticky.exec(text);
        if (match) return match;
      }
      return null;
    }
  }
  regex.lastIndex = 0;
  return regex.exec(text);
}

export type { Span } from './flat-text.ts';

/**
 * The families whose patterns match `text` (match functions aside), each with its first match: the
 * leftmost match of any of its patterns with the first flag set that matches at all (the first
 * pattern wins a tie, as in one alternation of them). The text's words are read once; a pattern runs
 * only when they hold the words it needs, so most patterns never walk the text.
 */
export function familiesMatching(text: string): Map<InjectionFamily, Span> {
  const found = new Map<InjectionFamily, Span>();
  WORDS = wordsOf(text);
  PREFILTER.select(WORDS);
  for (const { family, groups } of SCANS) {
    for (const group of groups) {
      let first: RegExpExecArray | null = null;
      for (const pattern of group) {
        if (!PREFILTER.mayMatch(pattern.index, WORDS)) continue;
        const match = firstMatch(pattern, text);
        if (match && (first === null || match.index < first.index)) first = match;
      }
      if (first) {
        found.set(family, { start: first.index, end: first.index + Math.max(1, first[0].length) });
        break;
      }
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
  const found = flatRuleEvidence(flat);
  for (const hit of found.hits) {
    if (hit.span) hit.span = { start: flat.original(hit.span.start), end: flat.originalEnd(hit.span.end) };
  }
  return found;
}

/** As ruleEvidence, for a text already in its flat form (flatText's output, as the detector holds): spans in it. */
export function flatRuleEvidence(flat: Pick<FlatText, 'text' | 'hidden'>): RuleEvidence {
  const { text } = flat;
  const matched = familiesMatching(text);
  const hits: FamilyHit[] = [];
  for (const family of INJECTION_FAMILIES) {
    const span = matched.get(family) ?? family.find?.(flat) ?? null;
    // An attack quoted as an example ("a line such as '…'") is written about, not to the reader.
    if (span && inQuotedMention(text, span)) continue;
    if (span) hits.push({ family, span });
    else if (family.match?.(text) === true) hits.push({ family });
  }
  hits.sort((a, b) => b.family.weight - a.family.weight);
  const evidence = hits.reduce((sum, hit) => sum - Math.log(1 - hit.family.weight), 0);
  return { evidence, hits };
}
