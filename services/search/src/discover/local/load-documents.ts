/**
 * Reads the documents an operator points the local provider at: a BEIR-style `corpus.jsonl`
 * (`{_id, title, text, metadata?}` per line, streamed) or a folder, walked recursively, of
 * Markdown, HTML and plain-text files. Documents come out one at a time, so a large corpus never
 * sits in memory twice while the index is built.
 *
 * URLs: a BEIR document uses `metadata.url` when that is an absolute URL, else the stable URI
 * `local://<corpus-name>/<_id>`; a file uses `file://<absolute path>`, or `baseUrl` + its path
 * relative to the folder when a base URL is configured (a folder served by a docs site). So a
 * candidate from the local provider may carry a `local:` or `file:` URL, never fetched by anyone.
 */
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

import { collapseWhitespace, htmlDocumentToText, htmlTitle } from '@rankgate/ranking';

export interface LocalDocument {
  /** Stable within the corpus: the BEIR `_id`, or the file's path relative to the folder (with `/`). */
  id: string;
  title: string;
  /** Plain text: Markdown as written, HTML reduced to its visible text. */
  text: string;
  url: string;
  published_at?: string | null;
}

export interface LoadDocumentsOptions {
  /** Files (and JSONL lines) larger than this are skipped with a warning. Default 5 MiB. */
  maxDocumentBytes?: number;
  /** For a folder: documents get `baseUrl` + their relative path instead of a `file://` URL. */
  baseUrl?: string;
  /** For a JSONL corpus: the `<corpus-name>` of `local://` URIs. Default: see {@link corpusNameOf}. */
  corpusName?: string;
  /** Told about every skipped file or line; the load goes on. */
  onWarning?: (message: string) => void;
}

const DEFAULT_MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const FOLDER_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.txt', '.html', '.htm'];
const MAX_TITLE_CHARS = 300;

/** `corpus.jsonl` or a folder; anything else (a missing path included) is an error. */
export async function* loadDocuments(path: string, options: LoadDocumentsOptions = {}): AsyncGenerator<LocalDocument> {
  const info = await stat(path);
  if (info.isDirectory()) yield* loadFolder(path, options);
  else if (/\.jsonl$/i.test(path)) yield* loadJsonlCorpus(path, options);
  else throw new Error(`The local corpus must be a .jsonl file or a folder: ${path}`);
}

/**
 * `<corpus-name>` of a JSONL corpus: its folder's name for a file called `corpus.jsonl` (BEIR
 * keeps one corpus per folder), else the file name without `.jsonl`; lower-cased, URL-safe.
 */
export function corpusNameOf(path: string): string {
  const file = basename(path).replace(/\.jsonl$/i, '');
  const name = file.toLowerCase() === 'corpus' ? basename(dirname(resolve(path))) : file;
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'corpus'
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function absoluteUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  return new URL(value).href;
}

function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export async function* loadJsonlCorpus(
  path: string,
  options: LoadDocumentsOptions = {},
): AsyncGenerator<LocalDocument> {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const corpus = encodeURIComponent(options.corpusName ?? corpusNameOf(path));
  const warn = options.onWarning ?? (() => undefined);
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (!line.trim()) continue;
    if (line.length > maxBytes) {
      warn(`${path}:${lineNumber}: skipped, the line is larger than ${maxBytes} bytes`);
      continue;
    }
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      warn(`${path}:${lineNumber}: skipped, not valid JSON`);
      continue;
    }
    const id =
      isRecord(row) && (typeof row._id === 'string' || typeof row._id === 'number') ? String(row._id) : undefined;
    if (!isRecord(row) || id === undefined || id === '') {
      warn(`${path}:${lineNumber}: skipped, no "_id"`);
      continue;
    }
    const metadata = isRecord(row.metadata) ? row.metadata : {};
    const title = typeof row.title === 'string' ? collapseWhitespace(row.title) : '';
    const text = typeof row.text === 'string' ? row.text : '';
    const document: LocalDocument = {
      id,
      title: title.slice(0, MAX_TITLE_CHARS),
      text,
      url: absoluteUrl(metadata.url) ?? `local://${corpus}/${encodeURIComponent(id)}`,
    };
    const published = isoDate(metadata.published_at) ?? isoDate(metadata.date);
    if (published) document.published_at = published;
    yield document;
  }
}

/** Files of the folder, recursively, in a stable order; hidden entries and `node_modules` are left out. */
async function* walk(folder: string, warn: (message: string) => void): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    warn(`${folder}: skipped, unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path, warn);
    else if (entry.isFile()) yield path;
    else if (entry.isSymbolicLink()) {
      // Linked files are read; linked folders are not followed (no cycles, no escaping the folder tree).
      const target = await stat(path).catch(() => undefined);
      if (target?.isFile()) yield path;
      else warn(`${path}: skipped, a symbolic link to a folder or to nothing`);
    }
  }
}

/** Text of a file, or why it is not a document. */
async function readTextFile(path: string, maxBytes: number): Promise<{ text: string } | { skip: string }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    return { skip: `unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (size > maxBytes) return { skip: `larger than ${maxBytes} bytes` };
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { skip: `unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (bytes.subarray(0, 8192).includes(0)) return { skip: 'binary (contains NUL bytes)' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { skip: 'not UTF-8 text' };
  }
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');

/** Markdown: a front-matter `title:`, else the first `# ` heading, else the first line. Front matter is not text. */
function markdownDocument(source: string): { title: string | undefined; text: string } {
  let body = source;
  let title: string | undefined;
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)\r?\n/.exec(source);
  if (frontMatter) {
    body = source.slice(frontMatter[0].length);
    title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(frontMatter[1] ?? '')?.[1];
  }
  title ??= /^#[ \t]+(.+?)[ \t]*#*[ \t]*$/m.exec(body)?.[1];
  title ??= firstLine(body)?.replace(/^#+\s*/, '');
  return { title, text: body.trim() };
}

export async function* loadFolder(folder: string, options: LoadDocumentsOptions = {}): AsyncGenerator<LocalDocument> {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const warn = options.onWarning ?? (() => undefined);
  const root = resolve(folder);
  const base =
    options.baseUrl === undefined
      ? undefined
      : new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  for await (const path of walk(root, warn)) {
    const extension = extname(path).toLowerCase();
    if (!FOLDER_EXTENSIONS.includes(extension)) continue;
    const read = await readTextFile(path, maxBytes);
    if ('skip' in read) {
      warn(`${path}: skipped, ${read.skip}`);
      continue;
    }
    const source = read.text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
    let title: string | undefined;
    let text: string;
    if (extension === '.html' || extension === '.htm') {
      text = htmlDocumentToText(source);
      title = htmlTitle(source) ?? firstLine(text);
    } else if (extension === '.txt') {
      text = source.trim();
      title = firstLine(text);
    } else {
      ({ title, text } = markdownDocument(source));
    }
    const relativePath = relative(root, path).split(sep).join('/');
    const fileName = basename(path, extname(path));
    yield {
      id: relativePath,
      title: (title?.trim() || fileName).slice(0, MAX_TITLE_CHARS),
      text,
      url: base
        ? new URL(relativePath.split('/').map(encodeURIComponent).join('/'), base).href
        : pathToFileURL(path).href,
    };
  }
}
