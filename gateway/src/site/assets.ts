import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';

import type { CacheableBody } from './http-cache.ts';
import { cacheable, IMMUTABLE, sendCacheable } from './http-cache.ts';

const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Static files of the website, each served under a URL that carries a hash of its bytes. */
export interface AssetManifest {
  /** The hashed URL of an asset, e.g. `site.css` → `/assets/site.3f2a9c1b7d.css`. */
  url(name: string): string;
  readonly entries: ReadonlyMap<string, CacheableBody & { url: string }>;
}

/** A static `import … from './name.js'` between the website's own modules. */
const RELATIVE_IMPORT = /(\bfrom\s*['"])\.\/([\w-]+\.js)(['"])/g;

/**
 * Loads the website's assets. A module that imports another (`from './result-card.js'`) is served
 * with the import pointing at that module's hashed URL, and is hashed after the rewrite, so a
 * change to an imported module gives its importers new URLs too. No build step: the files are
 * served as written apart from that.
 */
export async function loadAssets(dir = ASSETS_DIR): Promise<AssetManifest> {
  const sources = new Map<string, { body: Buffer; contentType: string }>();
  for (const name of (await readdir(dir)).sort()) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (contentType) sources.set(name, { body: await readFile(`${dir}${name}`), contentType });
  }
  const entries = new Map<string, CacheableBody & { url: string }>();
  const visiting = new Set<string>();
  const load = (name: string): CacheableBody & { url: string } => {
    const loaded = entries.get(name);
    if (loaded) return loaded;
    const source = sources.get(name);
    if (!source) throw new Error(`no website asset named ${name} in ${dir}`);
    if (visiting.has(name)) throw new Error(`website modules import each other in a cycle through ${name}`);
    visiting.add(name);
    const ext = extname(name);
    const body =
      ext === '.js'
        ? Buffer.from(
            source.body
              .toString('utf8')
              .replace(
                RELATIVE_IMPORT,
                (_all, from: string, imported: string, quote: string) => `${from}${load(imported).url}${quote}`,
              ),
          )
        : source.body;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const entry = {
      ...cacheable(body, source.contentType, IMMUTABLE),
      url: `/assets/${name.slice(0, -ext.length)}.${hash}${ext}`,
    };
    entries.set(name, entry);
    visiting.delete(name);
    return entry;
  };
  for (const name of sources.keys()) load(name);
  return {
    entries,
    url(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`no website asset named ${name} in ${dir}`);
      return entry.url;
    },
  };
}

/** One route per asset, at its hashed URL; an old hash is simply not found. */
export function registerAssetRoutes(app: FastifyInstance, assets: AssetManifest): void {
  for (const entry of assets.entries.values()) {
    app.get(entry.url, async (request, reply) => sendCacheable(request, reply, entry));
  }
}
