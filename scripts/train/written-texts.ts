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

/** The texts of several files, in order. */
const readAll = async (...files: string[]): Promise<WrittenText[]> => (await Promise.all(files.map(read))).flat();

/** Benign pages: AI docs, guides and news, and docs, homework, style guides, policies and mail for people. */
export const writtenPages = (): Promise<WrittenText[]> =>
  readAll('ai-pages.jsonl', 'instructive-pages.jsonl', 'pages-2.jsonl', 'pages-3.jsonl');

/** People's own requests to their assistant, in words attacks also use ("act as", "from now on", "reply only in"). */
export const writtenPrompts = (): Promise<WrittenText[]> =>
  readAll('prompts.jsonl', 'prompts-2.jsonl', 'prompts-3.jsonl');

/** Injected instructions as a page would carry them (training splices them into passages). */
export const writtenAttacks = (): Promise<WrittenText[]> =>
  readAll('attacks.jsonl', 'attacks-2.jsonl', 'attacks-3.jsonl');
