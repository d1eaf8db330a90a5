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

export async function loadAssets(dir = ASSETS_DIR): Promise<AssetManifest> {
  const entries = new Map<string, CacheableBody & { url: string }>();
  for (const name of (await readdir(dir)).sort()) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (!contentType) continue;
    const body = await readFile(`${dir}${name}`);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const ext = extname(name);
    entries.set(name, { ...cacheable(body, contentType, IMMUTABLE), url: `/assets/${name.slice(0, -ext.length)}.${hash}${ext}` });
  }
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
