/**
 * The words a regular expression cannot match without, read from its source once at start: the rule
 * scan (rule-evidence.ts) runs a pattern only where its words occur in the text, found in one pass
 * over the text's words (./word-set.ts) instead of one regex walk per pattern. A word here is what
 * `\b` delimits: a run of [A-Za-z0-9_], lower case. The analysis is conservative: syntax it does not
 * know gives "no words needed", and such a pattern is always run, so a match is never missed.
 */
import { caseClass } from './case-class.ts';

/**
 * What a match needs: nothing, one whole word, a character (ASCII punctuation, or a non-ASCII one
 * without case), some non-ASCII character, all of some conditions, or any of them.
 */
export type WordCondition =
  | { kind: 'none' }
  | { kind: 'word'; word: string }
  | { kind: 'char'; char: string }
  | { kind: 'nonAscii' }
  | { kind: 'all' | 'any'; of: WordCondition[] };

const NONE: WordCondition = { kind: 'none' };

/**
 * A node's match as text: `exact` lists every form it can take (word characters, and for any run of
 * non-word characters or word boundaries one space, or '!' when the run holds a non-ASCII character:
 * all a word needs to be delimited), or is null when there are too many; `needs` holds what
 * lookarounds, punctuation and inner parts need besides.
 */
interface Shape {
  exact: string[] | null;
  needs: WordCondition;
  /** Forms of its leading part, where a match starts ('^' marks a zero-width word boundary); null when unknown. */
  lead: string[] | null;
}

/** Forms of a node at most, before its words are taken out (cross products grow fast). */
const MAX_FORMS = 256;
/** Class members expanded into forms, at most ([ae], [o0], [s$5]). */
const MAX_CLASS_FORMS = 10;

class Unsupported extends Error {}

const isWordChar = (char: string): boolean => /^[A-Za-z0-9_]$/.test(char);
/** A character as a form: itself in lower case when it makes words, else a delimiter ('!': non-ASCII). */
const formOf = (char: string): string => (isWordChar(char) ? char.toLowerCase() : char > '\x7f' ? '!' : ' ');
const squeeze = (form: string): string =>
  form.replace(/[ !^]{2,}/g, (run) => (run.includes('!') ? '!' : /^\^+$/.test(run) ? '^' : ' '));
/**
 * A character of a script without case (CJK, kana, Hangul, Arabic, Hebrew, Devanagari …) matches only itself,
 * even under the `i` flag; a cased one may match its other case. A lone surrogate is half a character.
 */
const isUncasedNonAscii = (char: string): boolean =>
  char > '\x7f' && !/[\uD800-\uDFFF\s]/.test(char) && char.toLowerCase() === char && char.toUpperCase() === char;

/**
 * A literal character as a shape: ASCII punctuation and a non-ASCII character are themselves needed (a cased one in
 * any of its cases, so a Cyrillic or Greek pattern is ruled out for a page whose only such characters are "μ" and a
 * dash).
 */
function literal(char: string): Shape {
  const form = formOf(char);
  if (form === ' ' && char > ' ' && char <= '~') return exact([form], { kind: 'char', char });
  if (isUncasedNonAscii(char)) return exact([form], { kind: 'char', char });
  if (char > '\x7f' && !/[\uD800-\uDFFF\s]/.test(char)) {
    const members = caseClass(char);
    if (members.length <= MAX_CLASS_FORMS)
      return exact([form], any(members.map((member): WordCondition => ({ kind: 'char', char: member }))));
  }
  return exact([form], NONE);
}

const key = (condition: WordCondition): string => JSON.stringify(condition);
const wordsOf = (condition: WordCondition): string[] =>
  condition.kind === 'word' ? [condition.word] : condition.kind === 'all' ? condition.of.flatMap(wordsOf) : [];

function all(of: WordCondition[]): WordCondition {
  const parts = of.flatMap((c) => (c.kind === 'all' ? c.of : c.kind === 'none' ? [] : [c]));
  const words = [...new Set(parts.flatMap((c) => (c.kind === 'word' ? [c.word] : [])))];
  // Longer words first: rarer, so a text without them is turned down at the first look-up.
  words.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const simple = [...new Map(parts.filter((c) => c.kind === 'char' || c.kind === 'nonAscii').map((c) => [key(c), c]))];
  const rest = [...new Map(parts.filter((c) => c.kind === 'all' || c.kind === 'any').map((c) => [key(c), c])).values()];
  const merged: WordCondition[] = [
    ...words.map((word): WordCondition => ({ kind: 'word', word })),
    ...simple.map(([, c]) => c),
    ...rest,
  ];
  if (merged.length === 0) return NONE;
  return merged.length === 1 ? (merged[0] ?? NONE) : { kind: 'all', of: merged };
}

/**
 * Any of some conditions, factored: a word most alternatives need is looked up once, before them
 * ("your rules don't apply" | "your rules do not apply" → your ∧ rules ∧ apply ∧ (don't | do not)).
 */
function any(of: WordCondition[]): WordCondition {
  let parts = of.flatMap((c) => (c.kind === 'any' ? c.of : [c]));
  if (parts.length === 0 || parts.some((c) => c.kind === 'none')) return NONE;
  parts = [...new Map(parts.map((c) => [key(c), c])).values()];
  for (;;) {
    const counts = new Map<string, number>();
    for (const part of parts) for (const word of new Set(wordsOf(part))) counts.set(word, (counts.get(word) ?? 0) + 1);
    let best: string | null = null;
    for (const [word, count] of counts) {
      const bestCount = best === null ? 1 : (counts.get(best) ?? 0);
      if (count > bestCount || (count === bestCount && best !== null && word.length > best.length)) best = word;
    }
    if (best === null) break;
    const shared = best;
    const withWord = parts.filter((part) => wordsOf(part).includes(shared));
    const rest = withWord.map((part) =>
      part.kind === 'all' ? all(part.of.filter((c) => c.kind !== 'word' || c.word !== shared)) : NONE,
    );
    parts = [...parts.filter((part) => !withWord.includes(part)), all([{ kind: 'word', word: shared }, any(rest)])];
  }
  return parts.length === 1 ? (parts[0] ?? NONE) : { kind: 'any', of: parts };
}

/** What one form needs: its whole words (delimited on both sides), and a non-ASCII character if it has one. */
function wholeWords(form: string): WordCondition {
  const pieces = form.split(/[ !^]/);
  const inner = pieces.slice(1, -1).filter((piece) => piece.length > 0);
  const words = [...new Set(inner)].map((word): WordCondition => ({ kind: 'word', word }));
  return all(form.includes('!') ? [...words, { kind: 'nonAscii' }] : words);
}

/** What a shape needs, once its forms end (its edges are not delimited unless the forms say so). */
function close(shape: Shape): WordCondition {
  if (shape.exact === null) return shape.needs;
  return all([shape.needs, any([...new Set(shape.exact)].map(wholeWords))]);
}

function exact(forms: string[], needs: WordCondition = NONE): Shape {
  const squeezed = [...new Set(forms.map(squeeze))];
  return { exact: squeezed, needs, lead: squeezed };
}
const opaque = (needs: WordCondition = NONE, lead: string[] | null = null): Shape => ({ exact: null, needs, lead });

function product(a: string[], b: string[]): string[] | null {
  if (a.length * b.length > MAX_FORMS) return null;
  return [...new Set(a.flatMap((x) => b.map((y) => squeeze(x + y))))];
}

/** A recursive-descent reader of the regex syntax the patterns use (no `u` + `i`, no back-references). */
class Reader {
  private at = 0;
  private readonly source: string;

  constructor(source: string) {
    this.source = source;
  }

  whole(): Shape {
    const shape = this.alternation();
    if (this.at < this.source.length) throw new Unsupported(`unexpected ${this.peek()}`);
    return shape;
  }

  private peek(offset = 0): string {
    return this.source.charAt(this.at + offset);
  }

  private alternation(): Shape {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0] ?? opaque();
    const forms = branches.every((b) => b.exact !== null) ? branches.flatMap((b) => b.exact ?? []) : null;
    if (forms !== null && forms.length <= MAX_FORMS) return exact(forms, any(branches.map((b) => b.needs)));
    const leads = branches.every((b) => b.lead !== null) ? branches.flatMap((b) => b.lead ?? []) : null;
    return opaque(any(branches.map(close)), leads);
  }

  private sequence(): Shape {
    let forms: string[] = [''];
    const needs: WordCondition[] = [];
    let lead: string[] | undefined;
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const part = this.quantified();
      needs.push(part.needs);
      const joined = part.exact === null ? null : product(forms, part.exact);
      if (joined !== null) {
        forms = joined;
        continue;
      }
      needs.push(close({ exact: forms, needs: NONE, lead: null }));
      // Where the forms end, the leading part ends: what came before, and this part's own lead.
      if (lead === undefined) lead = part.lead === null ? forms : (product(forms, part.lead) ?? forms);
      forms = part.exact ?? [''];
    }
    if (lead === undefined) return exact(forms, all(needs));
    return opaque(all([...needs, close({ exact: forms, needs: NONE, lead: null })]), lead.map(squeeze));
  }

  private quantified(): Shape {
    const atom = this.atom();
    const range = this.quantifier();
    if (range === null) return atom;
    const [min, max] = range;
    if (atom.exact === null) return min === 0 ? opaque() : atom;
    // A run of delimiters delimits as one does.
    if (atom.exact.every((form) => form === ' ' || form === '!' || form === '^' || form === '')) {
      if (min === 0 || atom.exact.includes('')) return exact(['', ' ']);
      return exact([atom.exact.every((form) => form === '!') ? '!' : ' ']);
    }
    if (max === 1) return exact(min === 0 ? ['', ...atom.exact] : atom.exact, min === 0 ? NONE : atom.needs);
    if (min === 0) return opaque();
    return opaque(close(atom), atom.exact);
  }

  /** `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (lazy or not): [min, max]; null when none follows. */
  private quantifier(): [number, number] | null {
    const char = this.peek();
    let range: [number, number] | null = null;
    if (char === '?') range = [0, 1];
    else if (char === '*') range = [0, Infinity];
    else if (char === '+') range = [1, Infinity];
    if (range) this.at += 1;
    else if (char === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!braces) return null;
      const min = Number(braces[1]);
      range = [min, braces[2] === undefined ? min : braces[3] ? Number(braces[3]) : Infinity];
      this.at += braces[0].length;
    } else return null;
    if (this.peek() === '?') this.at += 1;
    return range;
  }

  private atom(): Shape {
    const char = this.peek();
    this.at += 1;
    switch (char) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      case '.':
        return opaque();
      case '^':
      case '$':
        return exact(['^']);
      case '*':
      case '+':
      case '?':
      case ')':
      case '|':
        throw new Unsupported(`misplaced ${char}`);
      case '{':
        if (/^\d+(,\d*)?\}/.test(this.source.slice(this.at))) throw new Unsupported('misplaced quantifier');
        return literal(char);
      default:
        return literal(char);
    }
  }

  private group(): Shape {
    let kind = 'group';
    for (const prefix of ['?:', '?=', '?!', '?<=', '?<!']) {
      if (this.source.startsWith(prefix, this.at)) {
        kind = prefix;
        this.at += prefix.length;
        break;
      }
    }
    if (kind === 'group' && this.peek() === '?') throw new Unsupported('named or modified group');
    const inner = this.alternation();
    if (this.peek() !== ')') throw new Unsupported('unclosed group');
    this.at += 1;
    // A lookaround takes no characters: what it reads is in the text, but not beside its neighbours.
    if (kind === '?=' || kind === '?<=') return exact([''], close(inner));
    if (kind === '?!' || kind === '?<!') return exact(['']);
    return inner;
  }

  private escape(): Shape {
    const char = this.peek();
    this.at += 1;
    if (char === 'b') return exact(['^']);
    if (char === 's' || char === 'W') return exact([' ']);
    if ('BdDwSkpPc'.includes(char) || /[0-9]/.test(char)) {
      if (char === 'B' || char === 'd' || char === 'D' || char === 'w' || char === 'S') return opaque();
      throw new Unsupported(`escape \\${char}`);
    }
    return literal(this.escapedChar(char));
  }

  /** The character an escape such as \n, \x41, \u00e9, \u{E0000} or \. stands for. */
  private escapedChar(char: string): string {
    const controls: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };
    if (controls[char] !== undefined) return controls[char];
    const hex = char === 'x' ? /^[0-9a-fA-F]{2}/ : char === 'u' ? /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]+\})/ : null;
    if (hex === null) return char;
    const digits = hex.exec(this.source.slice(this.at));
    if (!digits) throw new Unsupported(`escape \\${char}`);
    this.at += digits[0].length;
    return String.fromCodePoint(parseInt(digits[0].replace(/[{}]/g, ''), 16));
  }

  /** A class as forms: its members' forms when few, else opaque (it may stand for any word character). */
  private charClass(): Shape {
    const negated = this.peek() === '^';
    if (negated) this.at += 1;
    const forms = new Set<string>();
    let wide = false;
    while (this.peek() !== ']') {
      if (this.at >= this.source.length) throw new Unsupported('unclosed class');
      const from = this.classMember();
      if (from === 'wide') {
        wide = true;
        continue;
      }
      if (from === 'nonWord') {
        forms.add(' ');
        continue;
      }
      if (this.peek() === '-' && this.peek(1) !== ']') {
        this.at += 1;
        const to = this.classMember();
        if (typeof to === 'string') throw new Unsupported('class range with a class escape');
        for (let code = from.char.codePointAt(0) ?? 0; code <= (to.char.codePointAt(0) ?? 0); code += 1) {
          forms.add(formOf(String.fromCodePoint(code)));
          if (forms.size > MAX_CLASS_FORMS) break;
        }
      } else forms.add(formOf(from.char));
    }
    this.at += 1;
    if (negated || wide || forms.size > MAX_CLASS_FORMS) return opaque();
    return exact([...forms]);
  }

  /** One member of a class: a character, or a class escape of non-word characters (\s, \W) or not (\w, \d, \S). */
  private classMember(): { char: string } | 'nonWord' | 'wide' {
    const char = this.peek();
    this.at += 1;
    if (char !== '\\') return { char };
    const escaped = this.peek();
    this.at += 1;
    if (escaped === 's' || escaped === 'W') return 'nonWord';
    if ('wdSD'.includes(escaped)) return 'wide';
    if (escaped === 'b') return { char: '\b' };
    if ('BkpPc'.includes(escaped)) throw new Unsupported(`class escape \\${escaped}`);
    return { char: this.escapedChar(escaped) };
  }
}

/** Shapes already read: the rule scan asks both for a pattern's needs and for its leading words. */
const SHAPES = new WeakMap<RegExp, Shape | null>();

/** The shape of a pattern's source; null when its syntax is not read here. */
function shapeOf(pattern: RegExp): Shape | null {
  if (SHAPES.has(pattern)) return SHAPES.get(pattern) ?? null;
  const shape = readShape(pattern);
  SHAPES.set(pattern, shape);
  return shape;
}

function readShape(pattern: RegExp): Shape | null {
  // With both u and i, \b and \w also count ſ and K (Kelvin) as word characters: left unanalysed.
  if ((pattern.unicode && pattern.ignoreCase) || pattern.flags.includes('v')) return null;
  try {
    return new Reader(pattern.source).whole();
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** What any match of `pattern` needs among the words of the text it is found in. */
export function wordsNeeded(pattern: RegExp): WordCondition {
  const shape = shapeOf(pattern);
  return shape === null ? NONE : close(shape);
}

/**
 * The words every match of `pattern` starts with, as whole words (lower case): a match can only start
 * where one of them does. Null when some match may start elsewhere (mid-word, on punctuation, …).
 */
export function leadingWords(pattern: RegExp): string[] | null {
  const lead = shapeOf(pattern)?.lead;
  if (!lead || lead.length === 0) return null;
  const words = new Set<string>();
  for (const form of lead) {
    const word = /^\^([a-z0-9_]+)[ !^]/.exec(form)?.[1];
    if (word === undefined) return null;
    words.add(word);
  }
  return [...words];
}
