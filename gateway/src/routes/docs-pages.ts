import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';

import { cacheable, REVALIDATE, sendCacheable } from '../site/http-cache.ts';

const DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));

/** One Markdown file of docs/: `slug` is its name without `.md`. */
export interface DocsFile {
  slug: string;
  markdown: string;
}

/** Every docs/*.md, read once at start (a guide added to docs/ is published by the next deploy). */
export async function readDocsFiles(dir = DOCS_DIR): Promise<DocsFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    names.map(async (name) => ({ slug: name.slice(0, -3), markdown: await readFile(`${dir}${name}`, 'utf8') })),
  );
}

/** Files also published at the root: docs/auth.md is the agent_auth `skill`, `/auth.md`. */
const ROOT_PATHS: Readonly<Record<string, string>> = { auth: '/auth.md' };

/** Where a docs file is published as Markdown. */
const markdownPathsOf = (slug: string): string[] => [
  `/docs/${slug}.md`,
  ...(ROOT_PATHS[slug] ? [ROOT_PATHS[slug]] : []),
];

/**
 * The Markdown sources as published pages, `/docs/<name>.md` (for agents and curl; the website
 * renders the same files as HTML at `/docs/<name>`).
 */
export function registerDocsPages(app: FastifyInstance, files: readonly DocsFile[]): void {
  for (const file of files) {
    const page = cacheable(file.markdown, 'text/markdown; charset=utf-8', REVALIDATE);
    for (const path of markdownPathsOf(file.slug))
      app.get(path, async (request, reply) => sendCacheable(request, reply, page));
  }
}
