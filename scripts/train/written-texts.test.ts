import { describe, expect, it } from 'vitest';

import { writtenAttacks, writtenPages, writtenPrompts } from './written-texts.ts';

describe('the texts written for training', () => {
  it('load whole: every line a page with its kind, none twice', async () => {
    const pages = await writtenPages();
    expect(pages.length).toBe(2307);
    expect(new Set(pages.map((page) => page.text)).size).toBe(pages.length);
    for (const page of pages) {
      // A snippet's worth at least: the third batch's structured texts (a CSV row, a log line) are short.
      expect(page.text.length).toBeGreaterThan(40);
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
    // The third: text full of actions on links, files and money, persuasion for people, structured text, orders to the
    // human reader in an injection's words, and notes to AI readers that instruct nothing.
    for (const kind of [
      'agent-framework-docs',
      'it-runbooks',
      'marketing-copy',
      'best-of-lists',
      'json-field',
      'log-line',
      'rhetorical-headlines',
      'programming-problem-statements',
      'note-in-middle',
    ])
      expect(kinds).toContain(kind);
    expect(kinds).toContain('ai-in-other-languages');
    expect(kinds).toContain('other-languages');
  });

  it("hold people's own requests, none twice, the later batches among them", async () => {
    const prompts = await writtenPrompts();
    expect(prompts.length).toBe(1000);
    expect(new Set(prompts.map((prompt) => prompt.text)).size).toBe(prompts.length);
    const kinds = new Set(prompts.map((prompt) => prompt.kind));
    for (const kind of ['role-play', 'format-rules', 'assistant-setup', 'dark-fiction', 'edgy-but-benign'])
      expect(kinds).toContain(kind);
    // Requests to one's own agent to act: what an order planted for an agent also says.
    for (const kind of ['email-and-messages', 'shell-and-code', 'shopping-and-payments']) expect(kinds).toContain(kind);
  });

  it('hold injected instructions of forty-seven kinds, short enough to splice into a passage', async () => {
    const attacks = await writtenAttacks();
    expect(attacks.length).toBe(1615);
    expect(new Set(attacks.map((attack) => attack.text)).size).toBe(attacks.length);
    const kinds = new Set(attacks.map((attack) => attack.kind));
    expect(kinds.size).toBe(47);
    // The third batch: orders to agents with tools, steered answers, instructions hidden in structured text.
    for (const kind of ['shell-and-code', 'implicit-address', 'rank-first', 'hide-or-omit', 'json-field', 'log-line'])
      expect(kinds).toContain(kind);
    for (const attack of attacks) expect(attack.text.length).toBeLessThan(450);
  });
});
