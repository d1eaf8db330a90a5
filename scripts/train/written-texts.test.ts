import { describe, expect, it } from 'vitest';

import { writtenAttacks, writtenPages } from './written-texts.ts';

describe('the texts written for training', () => {
  it('load whole: every line a page with its kind, none twice', async () => {
    const pages = await writtenPages();
    expect(pages.length).toBe(680);
    expect(new Set(pages.map((page) => page.text)).size).toBe(pages.length);
    for (const page of pages) {
      expect(page.text.length).toBeGreaterThan(100);
      expect(page.kind).toMatch(/^[a-z-]+$/);
    }
  });

  it('cover AI docs and instructive text for people in more than one language', async () => {
    const kinds = new Set((await writtenPages()).map((page) => page.kind));
    for (const kind of ['api-docs', 'prompt-guide', 'security-writing', 'homework', 'style-guides', 'policies'])
      expect(kinds).toContain(kind);
    expect(kinds).toContain('ai-in-other-languages');
  });

  it('hold injected instructions of twelve kinds, short enough to splice into a passage', async () => {
    const attacks = await writtenAttacks();
    expect(attacks.length).toBe(480);
    expect(new Set(attacks.map((attack) => attack.kind)).size).toBe(12);
    for (const attack of attacks) expect(attack.text.length).toBeLessThan(400);
  });
});
