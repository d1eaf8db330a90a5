import {
  PROBLEM_CODES,
  PROBLEMS,
  ProblemError,
  renderProblemIndex,
  renderProblemPage,
} from '@rankgate/contracts/problems';
import type { FastifyInstance } from 'fastify';

import { buildOpenApi } from '../openapi/build-openapi.ts';
import type { RouteRetirement } from '../policy/route-retirements.ts';
import type { DocsFile } from '../routes/docs-pages.ts';
import { readDocsFiles, registerDocsPages } from '../routes/docs-pages.ts';
import { loadAssets, registerAssetRoutes } from './assets.ts';
import type { SiteDemoConfig } from './config-script.ts';
import { registerConfigScript } from './config-script.ts';
import type { CacheableBody } from './http-cache.ts';
import { cacheable, REVALIDATE, sendCacheable } from './http-cache.ts';
import { createLayout } from './layout.ts';
import type { OpenApiDocument } from './pages/api-reference.ts';
import { contactPage } from './pages/contact.ts';
import { developersPage } from './pages/developers.ts';
import { docsIndexPage } from './pages/docs-index.ts';
import { guidePage, renderGuides } from './pages/guides.ts';
import { homePage } from './pages/home.ts';
import { privacyPage } from './pages/privacy.ts';
import { addSecurityHeaders } from './security-headers.ts';

export interface SiteOptions extends SiteDemoConfig {
  baseUrl: string;
  /** Retired routes, flagged in the API reference as in /openapi.json. */
  retirements?: readonly RouteRetirement[];
  /** docs/*.md; read from the repository's docs/ when not given. */
  docs?: readonly DocsFile[];
}

const HTML = 'text/html; charset=utf-8';

/**
 * The website: the search page, docs, developer pages, error pages, `/config.js` and the assets.
 * Registered as one encapsulated plugin, so its strict CSP and security headers apply to these
 * routes only (proxied services keep their own headers). Pages are rendered once, at start.
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const assets = await loadAssets();
  const layout = createLayout(assets);
  const docs = options.docs ?? (await readDocsFiles());
  const { intro, guides } = renderGuides(docs);
  // The same document /openapi.json serves; the reference reads the parts it shows.
  const openapi = buildOpenApi(options.baseUrl, options.retirements) as unknown as OpenApiDocument;

  const pages = new Map<string, CacheableBody>();
  const addPage = (path: string, html: string): void => {
    pages.set(path, cacheable(html, HTML, REVALIDATE));
  };
  for (const page of [
    homePage(),
    docsIndexPage(intro, guides, openapi),
    developersPage(options.baseUrl),
    contactPage(),
    privacyPage(),
    ...guides.map(guidePage),
  ]) {
    addPage(page.path, layout(page));
  }
  addPage('/errors', renderProblemIndex(layout));
  for (const code of PROBLEM_CODES) addPage(`/errors/${PROBLEMS[code].slug}`, renderProblemPage(code, layout));

  await app.register(async (site) => {
    addSecurityHeaders(site);
    for (const [path, page] of pages) site.get(path, async (request, reply) => sendCacheable(request, reply, page));
    // An unknown slug under /errors is a problem like any other 404, with a pointer to the list.
    site.get<{ Params: { slug: string } }>('/errors/:slug', async (request) => {
      throw new ProblemError('NOT_FOUND', `There is no error type named "${request.params.slug}".`, {
        hint: 'See /errors for the list.',
      });
    });
    registerDocsPages(site, docs);
    registerAssetRoutes(site, assets);
    registerConfigScript(site, options);
  });
}
