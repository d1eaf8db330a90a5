import type { PageContent } from '@rankgate/contracts/problems';
import { SERVICE_VERSION } from '@rankgate/platform/version';

import type { AssetManifest } from './assets.ts';
import { escapeHtml } from './html.ts';

export interface SitePage extends PageContent {
  /** Module scripts (asset names) the page runs; `/config.js` comes first when any is given. */
  scripts?: string[];
}

const NAV: readonly { href: string; label: string }[] = [
  { href: '/', label: 'Search' },
  { href: '/docs', label: 'Docs' },
  { href: '/developers', label: 'Developers' },
  { href: '/errors', label: 'Errors' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/contact', label: 'Contact' },
];

const isCurrent = (href: string, path: string): boolean =>
  href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);

function navigation(path: string): string {
  const items = NAV.map(
    ({ href, label }) =>
      `<li><a href="${href}"${isCurrent(href, path) ? ' aria-current="page"' : ''}>${label}</a></li>`,
  ).join('');
  return `<nav aria-label="Site"><ul class="nav">${items}</ul></nav>`;
}

/**
 * One look for every page: the same head, header, footer and stylesheet; no inline script or style.
 * The result is also a shared `PageLayout`, so the error pages built in shared/ wear it too.
 */
export function createLayout(assets: AssetManifest): (page: SitePage) => string {
  const stylesheet = assets.url('site.css');
  const icon = assets.url('favicon.svg');
  return ({ title, path, description, body, scripts = [] }) => {
    const scriptTags = scripts.length
      ? [
          '<script src="/config.js"></script>',
          ...scripts.map((name) => `<script type="module" src="${assets.url(name)}"></script>`),
        ].join('\n')
      : '';
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Rankgate</title>
<meta name="description" content="${escapeHtml(description)}">
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="${stylesheet}">
<link rel="icon" href="${icon}" type="image/svg+xml">
${scriptTags}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><div class="wrap">
<a class="brand" href="/"><img src="${icon}" alt="" width="24" height="24"><span>Rankgate</span></a>
${navigation(path)}
</div></header>
<main id="main" class="wrap" tabindex="-1">
${body}
</main>
<footer class="site-footer"><div class="wrap">
<p>Rankgate ${escapeHtml(SERVICE_VERSION)}: ranked, scored, injection-screened web sources for AI agents. It never writes answers.</p>
<ul class="footer-links"><li><a href="/openapi.json">OpenAPI</a></li><li><a href="/v1">API index</a></li><li><a href="/auth.md">Agent auth guide</a></li><li><a href="/docs/versioning">Versioning</a></li><li><a href="/health">Health</a></li></ul>
</div></footer>
</body>
</html>
`;
  };
}
