/**
 * The local full-text index: SQLite FTS5 (BM25, Porter stemming) in WebAssembly through
 * node-sqlite3-wasm, so it installs without native builds and reads its file page by page instead
 * of loading it whole. One file holds the documents, the FTS5 index and a `meta` header table.
 * See README.md beside this file for why this library.
 *
 * The API is synchronous underneath (SQLite is): a search blocks the event loop for its few
 * milliseconds, the build yields between documents it reads.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

import sqlite3 from 'node-sqlite3-wasm';

import type { LocalDocument } from './load-documents.ts';
import { HIT_CLOSE, HIT_OPEN, queryTerms, snippetAround, toMatchExpression } from './search-text.ts';

/** Bump when the file layout, tokenizer or ranking settings change: older files are refused. */
export const LOCAL_INDEX_FORMAT_VERSION = 1;
const LOCAL_INDEX_LIBRARY = 'node-sqlite3-wasm';
const TOKENIZER = 'porter unicode61 remove_diacritics 2';
/** BM25 column weights (title, body): a term in the title counts twice. */
const TITLE_WEIGHT = 2;

export interface LocalIndexHeader {
  format_version: number;
  library: string;
  library_version: string;
  sqlite_version: string;
  tokenizer: string;
  title_weight: number;
  document_count: number;
  /** What the index was built from (the corpus path as given). */
  source: string;
  built_at: string;
}

export interface LocalSearchHit {
  id: string;
  title: string;
  url: string;
  published_at: string | null;
  /** About 300 characters around the best-matching passage. */
  snippet: string;
  /**
   * The document's text from its start, whitespace folded, at most LOCAL_HIT_TEXT_CHARS characters: what ranking
   * reads.
   */
  text: string;
  /** BM25 (FTS5's, sign flipped): higher is better; comparable within one query only. */
  score: number;
}

/** How much of a document a hit carries for ranking (most abstracts and sections fit whole). */
const LOCAL_HIT_TEXT_CHARS = 1200;

export interface BuildLocalIndexOptions {
  /** Recorded in the header. */
  source: string;
  /** Write the index to this file (built beside it, then renamed into place); in memory when absent. */
  path?: string;
  /** Called every 10,000 documents and at the end. */
  onProgress?: (documents: number) => void;
}

export interface LocalSearchOptions {
  /** Snippet width in characters (default 300). */
  snippetChars?: number;
}

/** The index file is not one this version can read. The message says what to do. */
export class LocalIndexFormatError extends Error {
  readonly path: string;
  readonly detail: string;
  constructor(path: string, detail: string) {
    super(`The local index ${path} ${detail}: run \`npm run index\` to rebuild it.`);
    this.path = path;
    this.detail = detail;
    this.name = 'LocalIndexFormatError';
  }
}

let libraryVersion: string | undefined;
function readLibraryVersion(): string {
  if (libraryVersion === undefined) {
    const manifest = createRequire(import.meta.url).resolve(`${LOCAL_INDEX_LIBRARY}/package.json`);
    libraryVersion = String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version ?? 'unknown');
  }
  return libraryVersion;
}

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE docs (id INTEGER PRIMARY KEY, doc_id TEXT NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, published_at TEXT);
  CREATE VIRTUAL TABLE docs_fts USING fts5(title, body, content='docs', content_rowid='id', tokenize='${TOKENIZER}');
`;

/** Control characters would collide with the highlight marks; decomposed accents would split tokens. */
const clean = (text: string) => text.normalize('NFC').replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ' '));

/** Marked text without its hit marks, whitespace folded. */
const plainText = (marked: string) =>
  marked.replaceAll(HIT_OPEN, '').replaceAll(HIT_CLOSE, '').replace(/\s+/g, ' ').trim();

const asString = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export class LocalIndex {
  private readonly db: sqlite3.Database;
  readonly header: LocalIndexHeader;
  readonly path: string | undefined;
  private constructor(
    db: sqlite3.Database,
    header: LocalIndexHeader,
    /** The file it reads, or undefined for an index held in memory. */
    path: string | undefined,
  ) {
    this.db = db;
    this.header = header;
    this.path = path;
  }

  /** Indexes the documents, in memory or into `options.path` (replaced only once the build succeeded). */
  static async build(
    documents: AsyncIterable<LocalDocument> | Iterable<LocalDocument>,
    options: BuildLocalIndexOptions,
  ): Promise<LocalIndex> {
    const target = options.path;
    const temporary = target === undefined ? undefined : `${target}.${process.pid}.tmp`;
    if (target !== undefined && temporary !== undefined) {
      await mkdir(dirname(target), { recursive: true });
      await rm(temporary, { force: true });
    }
    let db = new sqlite3.Database(temporary);
    try {
      // A half-built file is thrown away, never read: no journal, no fsync.
      db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
      db.exec(SCHEMA);
      db.exec('BEGIN');
      const insert = db.prepare('INSERT INTO docs (doc_id, url, title, body, published_at) VALUES (?, ?, ?, ?, ?)');
      let count = 0;
      try {
        for await (const document of documents) {
          insert.run([
            document.id,
            document.url,
            clean(document.title),
            clean(document.text),
            document.published_at ?? null,
          ]);
          count += 1;
          if (count % 10_000 === 0) options.onProgress?.(count);
        }
      } finally {
        insert.finalize();
      }
      db.exec(`
        INSERT INTO docs_fts (docs_fts) VALUES ('rebuild');
        INSERT INTO docs_fts (docs_fts, rank) VALUES ('rank', 'bm25(${TITLE_WEIGHT}, 1)');
        INSERT INTO docs_fts (docs_fts) VALUES ('optimize');
      `);
      const header: LocalIndexHeader = {
        format_version: LOCAL_INDEX_FORMAT_VERSION,
        library: LOCAL_INDEX_LIBRARY,
        library_version: readLibraryVersion(),
        sqlite_version: asString(db.get('SELECT sqlite_version() AS v')?.v),
        tokenizer: TOKENIZER,
        title_weight: TITLE_WEIGHT,
        document_count: count,
        source: options.source,
        built_at: new Date().toISOString(),
      };
      const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      try {
        for (const [key, value] of Object.entries(header)) meta.run([key, JSON.stringify(value)]);
      } finally {
        meta.finalize();
      }
      db.exec('COMMIT');
      options.onProgress?.(count);
      if (target === undefined || temporary === undefined) return new LocalIndex(db, header, undefined);
      db.close();
      await rename(temporary, target);
      db = new sqlite3.Database(target, { readOnly: true, fileMustExist: true });
      return new LocalIndex(db, header, target);
    } catch (error) {
      if (db.isOpen) db.close();
      if (temporary !== undefined) await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Opens an index file written by {@link build} or {@link save}; refuses any other format. */
  static async open(path: string): Promise<LocalIndex> {
    if (!(await exists(path))) throw new LocalIndexFormatError(path, 'does not exist');
    let db: sqlite3.Database;
    try {
      db = new sqlite3.Database(path, { readOnly: true, fileMustExist: true });
    } catch {
      throw new LocalIndexFormatError(path, 'cannot be opened');
    }
    try {
      const header = LocalIndex.readHeader(db, path);
      return new LocalIndex(db, header, path);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private static readHeader(db: sqlite3.Database, path: string): LocalIndexHeader {
    let rows: Record<string, unknown>[];
    try {
      rows = db.all('SELECT key, value FROM meta');
    } catch {
      throw new LocalIndexFormatError(path, `is not a Rankgate local index (format ${LOCAL_INDEX_FORMAT_VERSION})`);
    }
    const fields: Record<string, unknown> = {};
    for (const row of rows) {
      try {
        fields[asString(row.key)] = JSON.parse(asString(row.value));
      } catch {
        fields[asString(row.key)] = row.value;
      }
    }
    if (fields.format_version !== LOCAL_INDEX_FORMAT_VERSION) {
      throw new LocalIndexFormatError(
        path,
        `has format version ${JSON.stringify(fields.format_version ?? null)}, this version of Rankgate reads format ${LOCAL_INDEX_FORMAT_VERSION}`,
      );
    }
    return {
      format_version: LOCAL_INDEX_FORMAT_VERSION,
      library: asString(fields.library),
      library_version: asString(fields.library_version),
      sqlite_version: asString(fields.sqlite_version),
      tokenizer: asString(fields.tokenizer),
      title_weight: Number(fields.title_weight),
      document_count: Number(fields.document_count),
      source: asString(fields.source),
      built_at: asString(fields.built_at),
    };
  }

  /** Writes a copy to `path` (via a temporary file and a rename); the index keeps reading its own storage. */
  async save(path: string): Promise<void> {
    const temporary = `${path}.${process.pid}.tmp`;
    await mkdir(dirname(path), { recursive: true });
    await rm(temporary, { force: true });
    try {
      this.db.run('VACUUM INTO ?', [temporary]);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** The best `limit` documents for the query by BM25, each with a snippet around its matching passage. */
  search(query: string, limit: number, options: LocalSearchOptions = {}): LocalSearchHit[] {
    const terms = queryTerms(query);
    const count = Math.max(0, Math.floor(limit));
    if (terms.length === 0 || count === 0) return [];
    // ORDER BY rank is consumed by FTS5 itself (no SQLite sort), so highlight(), which tokenizes
    // the body again, runs for the returned rows only.
    const rows = this.db.all(
      `SELECT f.rank AS rank, d.doc_id, d.url, d.title, d.published_at, highlight(docs_fts, 1, ?, ?) AS marked
         FROM docs_fts AS f JOIN docs AS d ON d.id = f.rowid
        WHERE docs_fts MATCH ? ORDER BY f.rank LIMIT ?`,
      [HIT_OPEN, HIT_CLOSE, toMatchExpression(terms), count],
    );
    return rows.map((row) => ({
      id: asString(row.doc_id),
      title: asString(row.title),
      url: asString(row.url),
      published_at: typeof row.published_at === 'string' ? row.published_at : null,
      snippet: snippetAround(asString(row.marked), terms, options.snippetChars),
      text: plainText(asString(row.marked).slice(0, 2 * LOCAL_HIT_TEXT_CHARS)).slice(0, LOCAL_HIT_TEXT_CHARS),
      // FTS5's bm25() is negative, lower is better; candidates want higher-is-better.
      score: -Number(row.rank),
    }));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
