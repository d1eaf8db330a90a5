import { describe, expect, it } from 'vitest';

import type { Page } from './collect-pages.ts';
import { collectPages } from './collect-pages.ts';

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ title: `R${from + i}`, url: `https://example.org/${from + i}` }));

describe('collectPages', () => {
  it('stops before the next page once the caller has aborted', async () => {
    const controller = new AbortController();
    const asked: number[] = [];
    const pending = collectPages({
      maxCandidates: 50,
      maxPages: 5,
      signal: controller.signal,
      fetchPage: async (index): Promise<Page> => {
        asked.push(index);
        controller.abort();
        return { rows: rows(index * 10, 10), last: false };
      },
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(asked).toEqual([0]);
  });

  it('stops when a page adds nothing new (an upstream repeating itself)', async () => {
    const asked: number[] = [];
    const candidates = await collectPages({
      maxCandidates: 50,
      maxPages: 5,
      signal: new AbortController().signal,
      fetchPage: async (index) => {
        asked.push(index);
        return { rows: rows(0, 10), last: false };
      },
    });
    expect(asked).toEqual([0, 1]);
    expect(candidates).toHaveLength(10);
  });

  it('never asks for more than maxPages', async () => {
    const asked: number[] = [];
    const candidates = await collectPages({
      maxCandidates: 100,
      maxPages: 3,
      signal: new AbortController().signal,
      fetchPage: async (index) => {
        asked.push(index);
        return { rows: rows(index * 10, 10), last: false };
      },
    });
    expect(asked).toEqual([0, 1, 2]);
    expect(candidates.map((c) => c.provider_rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
