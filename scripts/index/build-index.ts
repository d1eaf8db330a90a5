/**
 * `npm run index`: builds the local provider's index file from the operator's documents.
 *
 *   LOCAL_CORPUS=path/to/corpus.jsonl npm run index
 *   npm run index -- --corpus docs/ --out .rankgate/local-index.sqlite [--base-url https://docs.example.com/]
 *
 * Reads LOCAL_CORPUS (a BEIR corpus.jsonl or a folder of .md/.markdown/.txt/.html/.htm),
 * LOCAL_INDEX_PATH (default .rankgate/local-index.sqlite under the repo root) and LOCAL_BASE_URL;
 * the flags win over the environment. Relative paths are taken from the current directory.
 * Prints the document count, build time and index size; exits 2 on a usage error, without a stack.
 */
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { LocalIndex, loadDocuments } from '../../services/search/src/discover/local/index.ts';

export const DEFAULT_INDEX_PATH = fileURLToPath(new URL('../../.rankgate/local-index.sqlite', import.meta.url));

const USAGE = `usage: npm run index -- [--corpus <corpus.jsonl | folder>] [--out <index file>] [--base-url <url>]
  --corpus    what to index (default: $LOCAL_CORPUS)
  --out       where to write the index (default: $LOCAL_INDEX_PATH, else .rankgate/local-index.sqlite)
  --base-url  for a folder: document URLs become <base-url>/<relative path> (default: $LOCAL_BASE_URL, else file:// URLs)`;

class UsageError extends Error {}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        corpus: { type: 'string' },
        out: { type: 'string' },
        'base-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const corpusArg = values.corpus ?? process.env.LOCAL_CORPUS;
  if (!corpusArg) throw new UsageError(`no corpus: set LOCAL_CORPUS or pass --corpus.\n${USAGE}`);
  const corpus = resolve(corpusArg);
  const corpusInfo = await stat(corpus).catch(() => undefined);
  if (!corpusInfo) throw new UsageError(`the corpus ${corpus} does not exist (LOCAL_CORPUS / --corpus).`);
  if (!corpusInfo.isDirectory() && !/\.jsonl$/i.test(corpus))
    throw new UsageError(`the corpus must be a .jsonl file or a folder: ${corpus}`);
  const out = resolve(values.out ?? (process.env.LOCAL_INDEX_PATH || DEFAULT_INDEX_PATH));
  const baseUrl = values['base-url'] ?? (process.env.LOCAL_BASE_URL || undefined);
  if (baseUrl !== undefined && !URL.canParse(baseUrl))
    throw new UsageError(`--base-url / LOCAL_BASE_URL is not an absolute URL: ${baseUrl}`);

  console.log(`indexing ${corpus}`);
  let skipped = 0;
  const started = performance.now();
  const documents = loadDocuments(corpus, {
    baseUrl,
    onWarning: (message) => {
      skipped += 1;
      console.warn(`warning: ${message}`);
    },
  });
  const index = await LocalIndex.build(documents, {
    source: corpusArg,
    path: out,
    onProgress: (count) => {
      if (count % 10_000 === 0) console.log(`  ${count} documents…`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  index.close();
  const size = (await stat(out)).size;
  const count = index.header.document_count;
  if (count === 0)
    console.warn(
      `warning: ${corpus} held no documents (looked for ${corpusInfo.isDirectory() ? '.md, .markdown, .txt, .html, .htm files' : 'JSONL lines with an "_id"'})`,
    );
  console.log(`documents: ${count}${skipped ? ` (${skipped} skipped, see the warnings)` : ''}`);
  console.log(`build time: ${seconds.toFixed(1)} s`);
  console.log(
    `index: ${relative(process.cwd(), out) || out} (${mib(size)}, format ${index.header.format_version}, SQLite ${index.header.sqlite_version} FTS5)`,
  );
}

try {
  await main();
} catch (error) {
  // A usage or corpus problem is the operator's to fix: say what, not where in our code.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`npm run index: ${message}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
