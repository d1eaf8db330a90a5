/**
 * The texts written for training (./written/SOURCE.md): benign pages that use the words of attacks (AI docs and
 * guides, instructive text for people), people's own requests to an assistant, and injected instructions of many kinds
 * and languages.
 */
import { readFile } from 'node:fs/promises';

export interface WrittenText {
  text: string;
  kind: string;
}

async function read(file: string): Promise<WrittenText[]> {
  const texts: WrittenText[] = [];
  const lines = (await readFile(new URL(`./written/${file}`, import.meta.url), 'utf8')).split('\n');
  for (const line of lines) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as Partial<WrittenText>;
    if (typeof row.text !== 'string' || typeof row.kind !== 'string') throw new Error(`${file}: a line without text`);
    texts.push({ text: row.text, kind: row.kind });
  }
  return texts;
}

/** Benign pages: AI docs, guides and news, and docs, homework, style guides, policies and mail for people. */
export async function writtenPages(): Promise<WrittenText[]> {
  return [
    ...(await read('ai-pages.jsonl')),
    ...(await read('instructive-pages.jsonl')),
    ...(await read('pages-2.jsonl')),
    ...(await read('pages-3.jsonl')),
  ];
}

/** People's own requests to their assistant, in words attacks also use ("act as", "from now on", "reply only in"). */
export async function writtenPrompts(): Promise<WrittenText[]> {
  return [...(await read('prompts.jsonl')), ...(await read('prompts-2.jsonl')), ...(await read('prompts-3.jsonl'))];
}

/** Injected instructions as a page would carry them (training splices them into passages). */
export async function writtenAttacks(): Promise<WrittenText[]> {
  return [...(await read('attacks.jsonl')), ...(await read('attacks-2.jsonl')), ...(await read('attacks-3.jsonl'))];
}
