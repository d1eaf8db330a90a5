import { describe, expect, it } from 'vitest';

import { procedureExamples } from './procedure-examples.ts';
import { seededRandom } from './random.ts';

const HOSTS = ['Tides are the rise and fall of sea levels. Spring tides happen when the Sun and the Moon align.'];

describe('procedureExamples', () => {
  it('is deterministic for a seed and fills every placeholder', () => {
    const first = procedureExamples(seededRandom(7), 300, HOSTS);
    expect(procedureExamples(seededRandom(7), 300, HOSTS)).toEqual(first);
    expect(first.some((text) => /\{\w+\}/.test(text))).toBe(false);
  });

  it('writes steps for a person in several languages, never addressed to a model or its reply', () => {
    const texts = procedureExamples(seededRandom(11), 2000, HOSTS);
    expect(texts.some((t) => /Öffnen Sie|Cliquez|Haga clic/.test(t))).toBe(true);
    expect(texts.some((t) => t.length > 300)).toBe(true);
    expect(texts.some((t) => /\byour (?:reply|response|output)\b/i.test(t))).toBe(false);
  });
});
