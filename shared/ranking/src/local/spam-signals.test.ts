import { describe, expect, it } from 'vitest';

import fc from 'fast-check';

import { mayShout, spamScore } from './spam-signals.ts';

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

describe('mayShout', () => {
  it('holds exactly when the text has more than 20 ASCII capitals and characters outside ASCII', () => {
    const count = (text: string) => text.replace(/[^A-Z\u0080-\uffff]+/g, '').length;
    const text = fc
      .array(fc.constantFrom('A', 'z', ' ', 'É', '9', '\ud835', 'Z!'), { maxLength: 60 })
      .map((parts) => parts.join(''));
    fc.assert(fc.property(text, (sample) => mayShout(sample) === count(sample) > 20));
  });
});
