import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';

const DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));

/** Markdown pages of docs/ served as published pages (path → file). The website work adds HTML. */
const PAGES: Record<string, string> = {
  '/docs': 'index.md',
  '/docs/versioning.md': 'versioning.md',
  '/docs/errors.md': 'errors.md',
  '/docs/configuration.md': 'configuration.md',
  '/docs/access-and-limits.md': 'access-and-limits.md',
  '/docs/operations.md': 'operations.md',
  // The page fetcher's User-Agent points site operators here.
  '/docs/deep-mode.md': 'deep-mode.md',
  '/docs/mcp.md': 'mcp.md',
  // The agent-facing authentication guide (the `skill` of the agent_auth metadata).
  '/auth.md': 'auth.md',
};

export async function registerDocsPages(app: FastifyInstance): Promise<void> {
  for (const [path, file] of Object.entries(PAGES)) {
    const text = await readFile(`${DOCS_DIR}${file}`, 'utf8');
    app.get(path, async (_request, reply) => reply.type('text/markdown; charset=utf-8').send(text));
  }
}
