/**
 * The characters the `i` flag takes as one, for the rule scan's prefilter (./pattern-words.ts): a pattern with "д"
 * needs "д" or "Д" in the text, and one with "μ" needs "μ", "Μ" or the micro sign.
 */

/**
 * How the `i` flag compares a character beyond ASCII (ECMAScript's Canonicalize without `u`): by its upper case,
 * when that is one character and not an ASCII one.
 */
const canonical = (char: string): string => {
  const upper = char.toUpperCase();
  return upper.length === 1 && upper > '\x7f' ? upper : char;
};
let caseClasses: Map<string, string[]> | null = null;
/** The characters `i` takes for this one: "д" and "Д"; "μ", "Μ" and the micro sign "µ". */
export function caseClass(char: string): string[] {
  if (caseClasses === null) {
    caseClasses = new Map();
    for (let code = 0x80; code <= 0xffff; code += 1) {
      // Blocks without case (CJK ideographs, Hangul syllables, surrogates, private use) are skipped: a third the time.
      if (code >= 0x3400 && code <= 0x9fff) code = 0xa000;
      if (code >= 0xac00 && code <= 0xf8ff) code = 0xf900;
      const member = String.fromCharCode(code);
      const key = canonical(member);
      const found = caseClasses.get(key);
      if (found) found.push(member);
      else caseClasses.set(key, [member]);
    }
  }
  return caseClasses.get(canonical(char)) ?? [char];
}
