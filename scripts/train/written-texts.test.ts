import { describe, expect, it } from 'vitest';

import { writtenAttacks, writtenPages, writtenPrompts } from './written-texts.ts';

describe('the texts written for training', () => {
  it('load whole: every line a page with its kind, none twice', async () => {
    const pages = await writtenPages();
    expect(pages.length).toBe(1039);
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
    // The second batch: the exercises, AI how-tos and office mail that read most like orders.
    for (const kind of ['classroom', 'llm-howto', 'office-mail', 'support-macros', 'games-fiction', 'forum-qa'])
      expect(kinds).toContain(kind);
    expect(kinds).toContain('ai-in-other-languages');
    expect(kinds).toContain('other-languages');
  });

  it("hold people's own requests, none twice, the second batch among them", async () => {
    const prompts = await writtenPrompts();
    expect(prompts.length).toBe(700);
    expect(new Set(prompts.map((prompt) => prompt.text)).size).toBe(prompts.length);
    const kinds = new Set(prompts.map((prompt) => prompt.kind));
    for (const kind of ['role-play', 'format-rules', 'assistant-setup', 'dark-fiction', 'edgy-but-benign'])
      expect(kinds).toContain(kind);
  });

  it('hold injected instructions of twenty-two kinds, short enough to splice into a passage', async () => {
    const attacks = await writtenAttacks();
    expect(attacks.length).toBe(839);
    expect(new Set(attacks.map((attack) => attack.text)).size).toBe(attacks.length);
    expect(new Set(attacks.map((attack) => attack.kind)).size).toBe(22);
    for (const attack of attacks) expect(attack.text.length).toBeLessThan(400);
  });
});
