import { describe, expect, it } from 'vitest';

import fc from 'fast-check';

import { shouts, spamScore } from './spam-signals.ts';

const calm = 'Tides are long-period waves that move through the oceans in response to the moon and the sun.';

describe('the spam signal', () => {
  it('counts shouting only above 40 letters, over half of them capitals', () => {
    expect(spamScore('example.com', 'Tides', calm)).toBe(0);
    expect(spamScore('example.com', 'Tides', calm.toUpperCase())).toBe(0.25);
    // Capitals outside ASCII count as capitals.
    expect(
      spamScore('example.com', 'Ωκεανός', 'ΠΑΛΊΡΡΟΙΑ ΕΊΝΑΙ ΚΎΜΑΤΑ ΜΑΚΡΆΣ ΠΕΡΙΌΔΟΥ ΠΟΥ ΚΙΝΟΎΝΤΑΙ ΣΤΟΥΣ ΩΚΕΑΝΟΎΣ'),
    ).toBe(0.25);
    // Twenty capitals cannot be over half of more than 40 letters.
    expect(spamScore('example.com', '', 'ABCDEFGHIJKLMNOPQRST abcdefghijklmnopqrst')).toBe(0);
    expect(spamScore('example.com', '', 'ABCDEFGHIJKLMNOPQRSTU abcdefghijklmnopqrst')).toBe(0.25);
  });
});

describe('shouts', () => {
  it('holds for over 40 letters, over half of them capitals, counted by code unit as the Unicode classes read them', () => {
    const reference = (text: string) => ({
      letters: text.split('').filter((unit) => /\p{L}/u.test(unit)).length,
      upper: text.split('').filter((unit) => /\p{Lu}/u.test(unit)).length,
    });
    const text = fc
      .array(fc.constantFrom('A', 'z', ' ', 'É', 'é', 'Σ', 'ǅ', '9', '\ud835', '\udc00', '𝔸', 'ß', '日', 'Z!'), {
        maxLength: 90,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const counts = reference(`${a} ${b}`);
        expect(shouts(a, b)).toBe(counts.letters > 40 && counts.upper / counts.letters > 0.5);
      }),
      { numRuns: 2000 },
    );
  });
});
