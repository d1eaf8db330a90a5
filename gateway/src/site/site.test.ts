import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

import { INJECTION_RISK_MEDIUM_FROM, PROMPT_INJECTION_THRESHOLD } from '@rankgate/contracts';
import { createBaseApp } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import { PROBLEM_CODES, PROBLEMS } from '@rankgate/contracts/problems';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildGatewayApp } from '../app.ts';
import { buildOpenApi } from '../openapi/build-openapi.ts';
import { readDocsFiles } from '../routes/docs-pages.ts';
import { testGatewayConfig } from '../test-config.ts';
import { registerSite } from './register-site.ts';

const BASE_URL = 'https://rankgate.test';
const DEMO_KEY = 'demo-public-key-0123456789';
const silent = createLogger({
  service: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

const gatewayWith = (env: Record<string, string>): Promise<FastifyInstance> =>
  buildGatewayApp({
    // Nothing listens on port 1: the site needs no service.
    config: testGatewayConfig({
      BASE_URL,
      SEARCH_SERVICE_URL: 'http://127.0.0.1:1',
      AUTH_SERVICE_URL: 'http://127.0.0.1:1',
      MCP_SERVICE_URL: 'http://127.0.0.1:1',
      ...env,
    }),
    logger: silent,
  });

let site: FastifyInstance;
let demoSite: FastifyInstance;
const guides = (await readDocsFiles()).map((f) => f.slug).filter((slug) => slug !== 'index');
const HTML_PAGES = [
  '/',
  '/docs',
  '/developers',
  '/contact',
  '/privacy',
  '/errors',
  ...PROBLEM_CODES.map((code) => `/errors/${PROBLEMS[code].slug}`),
  ...guides.map((slug) => `/docs/${slug}`),
];

beforeAll(async () => {
  [site, demoSite] = await Promise.all([
    gatewayWith({}),
    gatewayWith({ DEMO_MODE: 'enabled', DEMO_API_KEY: DEMO_KEY }),
  ]);
});
afterAll(async () => {
  await Promise.all([site.close(), demoSite.close()]);
});

/** Runs /config.js the way a browser would and returns what it set. */
function runConfigScript(source: string): unknown {
  const window: Record<string, unknown> = {};
  runInNewContext(source, { window });
  return window.RANKGATE_CONFIG;
}

/** Same-origin URLs a page loads or links to. */
const referencedPaths = (html: string): string[] =>
  [...html.matchAll(/\s(?:href|src)="(\/[^"#]*)/g)].map((m) => m[1] ?? '').filter((path) => !path.startsWith('//'));

describe('/config.js', () => {
  it('publishes no key while demo mode is disabled', async () => {
    const res = await site.inject('/config.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript\b/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('window.RANKGATE_CONFIG = {"demo_mode":"disabled","demo_key":null,"api_base":"/api/v1"};\n');
    expect(runConfigScript(res.body)).toEqual({ demo_mode: 'disabled', demo_key: null, api_base: '/api/v1' });
  });

  it('publishes the demo key while demo mode is enabled', async () => {
    const res = await demoSite.inject('/config.js');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(runConfigScript(res.body)).toEqual({ demo_mode: 'enabled', demo_key: DEMO_KEY, api_base: '/api/v1' });
  });
});

describe('security headers', () => {
  it.each([...HTML_PAGES, '/config.js', '/docs/versioning.md', '/errors/no-such-error'])(
    '%s carries the strict CSP, nosniff and Referrer-Policy',
    async (path) => {
      const res = await site.inject(path);
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it.each(HTML_PAGES)('%s needs nothing the CSP forbids: no inline script, style or event handler', async (path) => {
    const { body } = await site.inject(path);
    expect(body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(body).not.toMatch(/<style|\sstyle=/);
    expect(body).not.toMatch(/\son[a-z]+=/);
    expect(body).not.toMatch(/(?:src|href)="(?:https?:)?\/\/(?!rankgate\.test)[^"]*\.(?:js|css)/);
  });
});

describe('pages', () => {
  it.each(HTML_PAGES)('%s is an HTML page with a title, one h1 and the shared stylesheet', async (path) => {
    const res = await site.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.body).toMatch(/<title>[^<]+ · Rankgate<\/title>/);
    expect(res.body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/assets\/site\.[0-9a-f]{10}\.css">/);
  });

  it('marks the current section in the navigation', async () => {
    expect((await site.inject('/docs/ranking')).body).toContain('<a href="/docs" aria-current="page">Docs</a>');
    expect((await site.inject('/errors/rate-limited')).body).toContain(
      '<a href="/errors" aria-current="page">Errors</a>',
    );
  });

  it("serves the search page with its script after /config.js, the k choices and the contract's risk bands", async () => {
    const { body } = await site.inject('/');
    expect(body.indexOf('<script src="/config.js"></script>')).toBeGreaterThan(-1);
    expect(body.indexOf('<script src="/config.js">')).toBeLessThan(
      body.search(/<script type="module" src="\/assets\/search\.[0-9a-f]{10}\.js">/),
    );
    expect(body).toMatch(/<select id="k" name="k">(<option value="\d+"( selected)?>\d+<\/option>)+<\/select>/);
    expect(body).toContain('<option value="10" selected>');
    expect(body).toContain(
      `data-risk-medium="${INJECTION_RISK_MEDIUM_FROM}" data-risk-high="${PROMPT_INJECTION_THRESHOLD}"`,
    );
    expect(body).toContain(`from ${PROMPT_INJECTION_THRESHOLD.toFixed(2)}, where the safety gate removes the source`);
    expect(body).toContain('<label for="api-key">API key</label>');
    // A newcomer fills the key before pressing Search: the field comes first, in the page and in tab order.
    expect(body.indexOf('id="api-key"')).toBeLessThan(body.indexOf('id="search-button"'));
  });

  it('gives the long API reference contents naming every operation and schema, and a Try it on this instance', async () => {
    const { body } = await site.inject('/docs');
    const contents = /<nav aria-label="API reference contents">([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
    const openapi = buildOpenApi(BASE_URL) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const item of Object.values(openapi.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (['get', 'post', 'delete'].includes(method))
          expect(contents).toContain(`href="#op-${operation.operationId?.toLowerCase()}"`);
      }
    }
    for (const schema of Object.keys(openapi.components.schemas))
      expect(contents).toContain(`href="#schema-${schema.toLowerCase()}"`);
    expect(body).toContain(`curl -s ${BASE_URL}/v1/sandbox`);
    expect(body).toContain(`'${BASE_URL}/v1/search?q=how+do+tides+work&amp;k=3'`);
  });

  it('offers the domain and time filters with the names the search API takes', async () => {
    const { body } = await site.inject('/');
    expect(body).toContain('<input id="include-domains" name="include_domains"');
    expect(body).toContain('<input id="exclude-domains" name="exclude_domains"');
    expect(body).toMatch(
      /<select id="time-range" name="time_range"><option value="">Any time<\/option><option value="day">Past day<\/option>.*<option value="year">Past year<\/option><\/select>/,
    );
  });

  it('renders /docs with every path of the OpenAPI description and every guide', async () => {
    const { body } = await site.inject('/docs');
    const openapi = buildOpenApi(BASE_URL) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of Object.keys(openapi.paths))
      expect(body).toContain(`<code>${path.replace(/&/g, '&amp;')}</code>`);
    for (const schema of Object.keys(openapi.components.schemas))
      expect(body).toContain(`id="schema-${schema.toLowerCase()}"`);
    for (const slug of guides) expect(body).toContain(`<a href="/docs/${slug}">`);
    expect(body).toMatch(/<span class="method method-get">GET<\/span> <code>\/v1\/search<\/code>/);
  });

  it('links every in-page anchor of /docs to an element that exists', async () => {
    const { body } = await site.inject('/docs');
    const ids = new Set([...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    const anchors = [...body.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(anchors.length).toBeGreaterThan(10);
    expect(anchors.filter((anchor) => !ids.has(anchor))).toEqual([]);
  });

  it('renders each guide from its Markdown and keeps the Markdown at /docs/<name>.md', async () => {
    const html = await site.inject('/docs/ranking');
    expect(html.body).toMatch(/<h1 id="[^"]+">Ranking/);
    expect(html.body).toContain('href="/docs/quality"'); // ranking.md links quality.md
    const markdown = await site.inject('/docs/ranking.md');
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.body).toMatch(/^# Ranking/);
  });

  it('dresses every error page in the site look, with its code, status and remedy', async () => {
    for (const code of PROBLEM_CODES) {
      const { body } = await site.inject(`/errors/${PROBLEMS[code].slug}`);
      expect(body).toContain(`<code>${code}</code>`);
      expect(body).toContain(`<dd>${PROBLEMS[code].status}</dd>`);
      expect(body).toContain('<a class="skip-link" href="#main">');
    }
    const missing = await site.inject('/errors/no-such-error');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', hint: 'See /errors for the list.' });
  });
});

describe('caching', () => {
  it.each(['/', '/docs', '/errors/rate-limited', '/docs/versioning.md'])(
    '%s is revalidated with its ETag (304 without a body)',
    async (path) => {
      const first = await site.inject(path);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await site.inject({ url: path, headers: { 'if-none-match': `W/"other", ${etag}` } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await site.inject({ url: path, headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);
    },
  );

  it('serves every referenced asset under a URL carrying its hash, cached for a year as immutable', async () => {
    const assets = new Set(
      (await Promise.all(HTML_PAGES.map(async (path) => referencedPaths((await site.inject(path)).body))))
        .flat()
        .filter((path) => path.startsWith('/assets/')),
    );
    expect([...assets].map((path) => path.replace(/\.[0-9a-f]{10}\./, '.')).sort()).toEqual([
      '/assets/favicon.svg',
      '/assets/search.js',
      '/assets/site.css',
    ]);
    for (const path of assets) {
      const res = await site.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const hash = createHash('sha256').update(res.rawPayload).digest('hex').slice(0, 10);
      expect(path).toContain(`.${hash}.`);
      const cached = await site.inject({ url: path, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(cached.statusCode).toBe(304);
    }
    expect((await site.inject('/assets/site.0000000000.css')).json().code).toBe('NOT_FOUND');
  });

  it("points a module's import of another module at that module's hashed URL, which is served", async () => {
    const { body } = await site.inject('/');
    const script = /src="(\/assets\/search\.[0-9a-f]+\.js)"/.exec(body)?.[1];
    const served = (await site.inject(script ?? '')).body;
    const imported = /from '(\/assets\/result-card\.[0-9a-f]{10}\.js)'/.exec(served)?.[1];
    expect(served).not.toContain("from './result-card.js'");
    expect(imported).toBeDefined();
    const module = await site.inject(imported!);
    expect(module.statusCode).toBe(200);
    expect(module.body).toContain('export { card, h, safeHref, withPathLinks }');
  });

  it('gives the browser script and stylesheet their media types', async () => {
    const { body } = await site.inject('/');
    const script = /src="(\/assets\/search\.[0-9a-f]+\.js)"/.exec(body)?.[1];
    const stylesheet = /href="(\/assets\/site\.[0-9a-f]+\.css)"/.exec(body)?.[1];
    expect((await site.inject(script ?? '')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await site.inject(stylesheet ?? '')).headers['content-type']).toBe('text/css; charset=utf-8');
  });
});

describe('the browser script', () => {
  it('type-checks against the DOM library (plain JS with JSDoc types, no build step)', async () => {
    const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
    const project = fileURLToPath(new URL('./assets/tsconfig.json', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [tsc, '-p', project]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(stdout).toBe('');
  });
});

describe('docs from another piece of work', () => {
  it('publishes docs/auth.md at /auth.md (the agent_auth skill) as well as a guide page', async () => {
    const app = createBaseApp({ baseUrl: BASE_URL, logger: silent });
    await registerSite(app, {
      baseUrl: BASE_URL,
      DEMO_MODE: 'disabled',
      DEMO_API_KEY: undefined,
      docs: [
        { slug: 'index', markdown: '# Docs\n' },
        { slug: 'auth', markdown: '# Authentication for agents\n\nRegister, then exchange.\n' },
      ],
    });
    const markdown = await app.inject('/auth.md');
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.body).toBe('# Authentication for agents\n\nRegister, then exchange.\n');
    expect((await app.inject('/docs/auth.md')).body).toBe(markdown.body);
    const html = await app.inject('/docs/auth');
    expect(html.body).toContain('<title>Authentication for agents · Rankgate</title>');
    expect((await app.inject('/docs')).body).toContain('<a href="/docs/auth">Authentication for agents</a>');
    await app.close();
  });
});
