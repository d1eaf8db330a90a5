import { describe, expect, it } from 'vitest';

import { askOf, isHeading } from './assistant-ask.ts';

const asks = (text: string): boolean => askOf(text, 0, text.length) !== 'none';

describe('askOf: asks an assistant for work', () => {
  it.each([
    'Outline the main arguments for a four-day week.',
    'Recommend three podcasts about gardening.',
    'Help me plan a birthday party for ten children.',
    'Could you list the largest lakes of Canada?',
    'Where can I buy cheap flights to Lisbon for my family?',
  ])('reads a prompt-like request as one: %s', (text) => {
    expect(asks(text)).toBe(true);
  });

  it.each([
    'The committee will review the budget next week.',
    'Find out more on the next page.',
    'Help Center — Accounts and billing',
    'DESIGN, SETTING, AND PARTICIPANTS A cohort study of 400 adults.',
    'What is the boiling point of water at sea level?',
    'Rank | Country | Medals',
  ])('leaves statements, headers and plain questions alone: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it('finds a request joined to the line before it with no stop between', () => {
    expect(asks('Visit us at 660 Harbour Road Springfield 94105 Outline the history of jazz in five sentences.')).toBe(
      true,
    );
    expect(asks('Totals | 12 | 40 | Compose a limerick about penguins.')).toBe(true);
  });

  it('does not take a name inside a noun phrase for a request', () => {
    expect(asks('This Review discusses the nature of cell signalling in plants.')).toBe(false);
  });

  it('does not read a title-case heading as a request', () => {
    expect(isHeading('Where Can I Find The Best Hiking Trails?', 0, 40)).toBe(true);
    expect(asks('Where Can I Find The Best Hiking Trails In My Area?')).toBe(false);
    expect(isHeading('Where can I find the best hiking trails?', 0, 40)).toBe(false);
  });
});

describe('askOf: asks it for content', () => {
  const forContent = (text: string): boolean => askOf(text, 0, text.length) === 'content';

  it.each([
    'Summarize the history of the printing press.',
    'Show me how to back up a phone to a laptop.',
    'Could you tell me which plants grow in shade?',
    'Can you recommend a novel for a long flight?',
    'How can I keep my basil alive through winter?',
    'Provide a short list of tools for pruning roses.',
  ])('reads a request for writing, an explanation or advice as one: %s', (text) => {
    expect(forContent(text)).toBe(true);
  });

  it.each([
    'Choose a language, then type a word below.',
    'Create a new instance of the parser class.',
    'Show the dialog again after saving.',
    'Can you really learn to swim in a weekend?',
    'Rate this answer from one to five.',
    'Provide leadership and guidance to the night shift.',
  ])("leaves a procedure's step, a page's own button and a question to the reader alone: %s", (text) => {
    expect(askOf(text, 0, text.length)).toBe('ask');
  });
});
