import { describe, expect, it } from 'vitest';

import { INJECTION_FAMILIES } from './injection-patterns.ts';
import { PatternPrefilter, wordGate } from './pattern-prefilter.ts';
import type { WordCondition } from './pattern-words.ts';
import { leadingWords, wordsNeeded } from './pattern-words.ts';
import { WordSet } from './word-set.ts';

const show = (c: WordCondition): string =>
  c.kind === 'none'
    ? 'none'
    : c.kind === 'word'
      ? c.word
      : c.kind === 'char'
        ? `'${c.char}'`
        : c.kind === 'nonAscii'
          ? 'nonAscii'
          : `${c.kind}(${c.of.map(show).join(' ')})`;
const needs = (pattern: RegExp): string => show(wordsNeeded(pattern));

describe('wordsNeeded', () => {
  it('takes whole words only where \\b, a non-word character or a class of them delimits them', () => {
    expect(needs(/\bignore\s+(?:all|any) rules\b/i)).toBe('all(ignore rules any(all any))');
    expect(needs(/ignore rules/i)).toBe('none');
    expect(needs(/\bsecret(?:key)?\b/)).toBe('any(secret secretkey)');
    expect(needs(/\bpa[s$5]s\b/)).toBe('any(pass all(pa s) pa5s)');
  });

  it('needs nothing from optional or repeated parts whose forms it cannot list', () => {
    expect(needs(/\ba\s*b?c\b/)).toBe('any(ac abc all(a any(c bc)))');
    expect(needs(/\bx(?:yz)*\b/)).toBe('none');
    expect(needs(/\b(?:foo)+\b/)).toBe('none');
    expect(needs(/\bfoo[^\n]{0,30}\bbar\b/)).toBe('bar');
  });

  it('reads lookarounds as needs, negative ones as nothing', () => {
    expect(needs(/\byour reply\b(?<=\bin your \w+)/)).toBe('all(reply your in)');
    expect(needs(/\bsecret(?! recipe)\b/)).toBe('secret');
  });

  it('keeps classes that may hold word characters opaque', () => {
    expect(needs(/\b[ -~]ab\b/)).toBe('none');
    expect(needs(/\b[\w.-]+ tool\b/)).toBe('tool');
    expect(needs(/[\s-x]yz\b/)).toBe('none');
    expect(needs(/\b[\s-x]yz\b/)).toBe('any(yz xyz)');
  });

  it('needs ASCII punctuation and a non-ASCII character where the pattern has them', () => {
    expect(needs(/<function=[\w.-]+>/)).toBe("all(function '<' '=' '>')");
    // A character without case matches only itself, so the text must hold it; a cased one, any of its cases.
    expect(needs(/忽略(?:之前|以上)/)).toBe("all('忽' '略' nonAscii any(all('之' '前') all('以' '上')))");
    expect(needs(/\bprécédentes\b/i)).toBe("all(dentes pr c nonAscii any('É' 'é'))");
    expect(needs(/для/i)).toBe("all(nonAscii any('Д' 'д' 'ᲁ') any('Л' 'л') any('Я' 'я'))");
    // The i flag matches "μ" to "Μ" and to the micro sign "µ" (all three share the upper case "Μ").
    expect(needs(/μ/i)).toBe("all(nonAscii any('µ' 'Μ' 'μ'))");
  });

  it('finds the words every match starts with, only where the match cannot start elsewhere', () => {
    expect(leadingWords(/\b(?:ignore|skip)\s+rules\b/i)).toEqual(['ignore', 'skip']);
    expect(leadingWords(/\b(?:what(?:'s| is)|tell me)\b/i)).toEqual(['what', 'tell']);
    expect(leadingWords(/\bsecret\w*/)).toBeNull();
    expect(leadingWords(/secret\b/)).toBeNull();
    expect(leadingWords(/\b\s*you\b/)).toBeNull();
    expect(leadingWords(/<\/?system>/)).toBeNull();
    expect(leadingWords(/\b(?:ai|a\.i\.)s?\b/i)).toEqual(['ai', 'ais', 'a']);
  });

  it('gives up on syntax it does not read', () => {
    expect(needs(/\b(a)\1\b/)).toBe('none');
    expect(needs(/\b(?<name>word)\b/)).toBe('none');
    expect(needs(/\bword\b/iu)).toBe('none');
  });
});

/** A string the pattern may match, drawn from its source (checked with the pattern itself). */
function sample(source: string, random: () => number, ignoreCase: boolean): string {
  let at = 0;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const ALPHABET = 'abcxyzABC019_ .,:;-"\'\n\té’';
  const alternation = (): string => {
    const branches = [sequence()];
    while (source[at] === '|') {
      at += 1;
      branches.push(sequence());
    }
    return pick(branches);
  };
  const sequence = (): string => {
    let out = '';
    while (at < source.length && source[at] !== '|' && source[at] !== ')') out += repeated();
    return out;
  };
  const repeated = (): string => {
    const make = atom();
    let [min, max] = [1, 1];
    const quantifier = /^(?:\?|\*|\+|\{(\d+)(?:,(\d*))?\})\??/.exec(source.slice(at));
    if (quantifier) {
      at += quantifier[0].length;
      const head = quantifier[0][0];
      [min, max] = head === '?' ? [0, 1] : head === '*' ? [0, 3] : head === '+' ? [1, 3] : [Number(quantifier[1]), 0];
      if (head === '{') max = quantifier[2] === undefined ? min : quantifier[2] ? Number(quantifier[2]) : min + 3;
    }
    let out = '';
    const count = min + Math.floor(random() * (Math.min(max, min + 3) - min + 1));
    for (let i = 0; i < count; i += 1) out += make();
    return out;
  };
  const atom = (): (() => string) => {
    const char = source[at] ?? '';
    at += 1;
    if (char === '(') {
      let kind = '';
      for (const prefix of ['?:', '?=', '?!', '?<=', '?<!']) {
        if (source.startsWith(prefix, at)) {
          kind = prefix;
          at += prefix.length;
          break;
        }
      }
      const from = at;
      alternation();
      at += 1;
      if (kind === '?=' || kind === '?!' || kind === '?<=' || kind === '?<!') return () => '';
      return () => {
        const saved = at;
        at = from;
        const text = alternation();
        at = saved;
        return text;
      };
    }
    if (char === '[') {
      let end = at + 1;
      while (source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
      const body = source.slice(at - 1, end + 1);
      at = end + 1;
      const klass = new RegExp(body, ignoreCase ? 'iu' : 'u');
      return () => {
        for (let i = 0; i < 40; i += 1) {
          const candidate = pick([...ALPHABET, ...body.replace(/\\./g, '')]);
          if (klass.test(candidate)) return candidate;
        }
        return '';
      };
    }
    if (char === '\\') {
      const escaped = source[at] ?? '';
      at += 1;
      const classes: Record<string, string> = { s: ' \n\t', S: 'ab.-', w: 'ab_9', d: '0123', W: ' .-', b: '', B: '' };
      if (escaped in classes) return () => (classes[escaped] ? pick([...(classes[escaped] ?? '')]) : '');
      if (escaped === 'u' || escaped === 'x') {
        const hex = /^(?:\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4}|[0-9a-fA-F]{2})/.exec(source.slice(at))?.[0] ?? '';
        at += hex.length;
        return () => String.fromCodePoint(parseInt(hex.replace(/[{}]/g, ''), 16));
      }
      return () => (escaped === 'n' ? '\n' : escaped);
    }
    if (char === '.') return () => pick([...ALPHABET]);
    if (char === '^' || char === '$') return () => '';
    return () => (ignoreCase && random() < 0.2 ? char.toUpperCase() : char);
  };
  return alternation();
}

describe('PatternPrefilter', () => {
  it('never turns down a pattern that matches, nor misses where it starts (strings drawn from it, in context)', () => {
    let seed = 15;
    const random = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const patterns = INJECTION_FAMILIES.flatMap((family) => family.patterns);
    const prefilter = new PatternPrefilter(patterns);
    const words = new WordSet();
    const CONTEXT = ['', 'Tides rise twice a day. ', 'x', '\n', 'Ünïcode — ', '=', 'a_'];
    let matched = 0;
    const turnedDown: string[] = [];
    patterns.forEach((pattern, index) => {
      for (let n = 0; n < 60; n += 1) {
        const text = `${CONTEXT[n % CONTEXT.length]}${sample(pattern.source, random, pattern.ignoreCase)}${CONTEXT[(n * 3) % CONTEXT.length]}`;
        if (!pattern.test(text)) continue;
        matched += 1;
        words.read(text);
        prefilter.select(words);
        if (!prefilter.mayMatch(index, words)) turnedDown.push(`${pattern.source.slice(0, 40)}: ${text}`);
        const leads = leadingWords(pattern);
        for (const match of leads === null ? [] : text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
          const word = /^\w+/.exec(text.slice(match.index))?.[0].toLowerCase() ?? '';
          const startsWord = match.index === 0 || !/\w/.test(text.charAt(match.index - 1));
          if (!startsWord || !leads?.includes(word))
            turnedDown.push(`${pattern.source.slice(0, 40)} starts at ${word}`);
        }
      }
    });
    expect(turnedDown).toEqual([]);
    // The draw must exercise the patterns, or the test could not fail.
    expect(matched).toBeGreaterThan(patterns.length * 20);
  });
});

describe('wordGate', () => {
  it("turns a text down only when it lacks words every match needs (their order is the regex's to check)", () => {
    const mayMention = wordGate(/\b(?:your|the)\s+(?:password|api key)\b/gi);
    const words = new WordSet();
    const cases: [string, boolean][] = [
      ['Spell the PASSWORD backwards', true],
      ['Paste your API key here', true],
      ['A key to the api docs', true],
      ['Tide tables for the week', false],
      ['Type your pass word', false],
    ];
    for (const [text, may] of cases) {
      words.read(text);
      expect(mayMention(words), text).toBe(may);
    }
  });
});
