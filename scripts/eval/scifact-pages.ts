/** The eval's pages for timing the detector: real prose of a web page's length. */
import { dataPath } from './data.ts';
import { readJsonl } from './metrics.ts';

export const PAGE_CHARS = 20_000;
const PAGE_COUNT = 100;

/** PAGE_COUNT pages of PAGE_CHARS characters, each made of consecutive SciFact abstracts (one per line). */
export async function scifactPages(): Promise<string[]> {
  const pages: string[] = [];
  let page: string[] = [];
  let length = 0;
  for await (const row of readJsonl(dataPath('beir-scifact', 'corpus.jsonl'))) {
    const text = `${String(row.title)}\n${String(row.text)}`;
    page.push(text);
    length += text.length + 1;
    if (length >= PAGE_CHARS) {
      pages.push(page.join('\n').slice(0, PAGE_CHARS));
      page = [];
      length = 0;
      if (pages.length === PAGE_COUNT) break;
    }
  }
  return pages;
}
