import { describe, expect, it } from 'vitest';

import { caseClass } from './case-class.ts';

describe('caseClass', () => {
  it('holds a letter in both its cases, and what the i flag takes for it besides', () => {
    expect(caseClass('д').sort()).toEqual(['Д', 'д', 'ᲁ'].sort());
    expect(caseClass('Μ').sort()).toEqual(['µ', 'Μ', 'μ'].sort());
    expect(caseClass('ς').sort()).toEqual(['Σ', 'ς', 'σ'].sort());
  });

  it('holds a character without case alone', () => {
    expect(caseClass('忽')).toEqual(['忽']);
    expect(caseClass('ש')).toEqual(['ש']);
  });

  it('agrees with the i flag itself: every member matches the character, and no other character of its block does', () => {
    for (const char of ['é', 'ł', 'ж', 'ω', 'ğ', 'ö', 'ı', 'İ']) {
      const members = caseClass(char);
      const pattern = new RegExp(char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      for (const member of members) expect(pattern.test(member)).toBe(true);
      const block = char.charCodeAt(0) & 0xff80;
      for (let code = block; code < block + 0x80; code += 1) {
        const other = String.fromCharCode(code);
        if (!members.includes(other)) expect(pattern.test(other)).toBe(false);
      }
    }
  });
});
