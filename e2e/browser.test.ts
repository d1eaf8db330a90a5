/**
 * The website in a real browser: playwright-core drives Chromium against the split topology, whose
 * search service discovers through a fake Brave server (so one candidate carries an injection).
 * Two gateways: demo mode disabled (the page asks for a key) and enabled (the page uses the
 * published demo key). Screenshots go to .artifacts/browser/.
 */
import { randomBytes } from 'node:crypto';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PageOptions } from './harness/browser.ts';
import {
  apiSearch,
  evaluateIn,
  launchBrowser,
  planBrowser,
  screenshot,
  submitSearch,
  watchedPages,
} from './harness/browser.ts';
import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import { httpClient } from './harness/http.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

/** The light-scheme backgrounds of the Injection risk labels (site.css). */
const RISK_BACKGROUND = {
  low: 'rgb(225, 243, 230)',
  medium: 'rgb(255, 240, 209)',
  high: 'rgb(253, 228, 228)',
} as const;

/** Lifetime demo searches per address on the demo-mode gateway. */
const DEMO_LIMIT = 2;
/** Searches per minute per address (the other tests together make about 20 from 127.0.0.1). */
const RATE_LIMIT = 30;

const plan = await planTarget();
const browserPlan =
  plan.mode === 'local' ? planBrowser() : { mode: 'skip' as const, reason: 'needs the local topology' };
const runnable = plan.mode === 'local' && browserPlan.mode === 'run';
const title =
  browserPlan.mode === 'skip' && plan.mode === 'local'
    ? `website in a browser — skipped: ${browserPlan.reason}`
    : suiteTitle('website in a browser', plan);

describe.skipIf(!runnable)(title, () => {
  let brave: FakeBrave;
  let site: LocalTarget | undefined;
  let demo: LocalTarget | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let problems: string[];
  const demoKey = `demo-${randomBytes(12).toString('hex')}`;

  beforeAll(async () => {
    brave = await startFakeBrave();
    // 127.0.0.1 is a trusted proxy, so a test can search from its own client address (X-Forwarded-For).
    const common = {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
    };
    [site, demo, browser] = await Promise.all([
      startLocalTarget(plan, { ...common, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) }),
      startLocalTarget(plan, {
        ...common,
        DEMO_MODE: 'enabled',
        DEMO_API_KEY: demoKey,
        DEMO_LIMIT: String(DEMO_LIMIT),
      }),
      launchBrowser(browserPlan),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.stop(), demo?.stop()]);
    await brave?.close();
  });

  const openWatchedPage = watchedPages(() => browser!);
  async function openPage(options?: PageOptions): Promise<Page> {
    ({ page, problems } = await openWatchedPage(options));
    return page;
  }
  const inPage = <T = unknown>(expression: string): Promise<T> => evaluateIn<T>(page, expression);
  const searchAs = (key: string, query: string, k?: string): Promise<void> => submitSearch(page, key, query, k);

  it(verifies('WEB-SEARCH-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    await searchAs(site!.apiKey!, 'ocean tides', '5');
    await page.locator('#result-list .card').first().waitFor();
    const expected = await apiSearch(site!, 'ocean tides', 5);
    expect(expected.results.length).toBeGreaterThan(0);

    const cards = page.locator('#result-list .card');
    await expect.poll(() => cards.count()).toBe(expected.results.length);
    for (const [i, row] of expected.results.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('.rank').textContent()).toBe(String(row.rank));
      expect(await card.locator('h3 a').textContent()).toBe(row.title);
      expect(await card.locator('h3 a').getAttribute('href')).toBe(row.url);
      expect(await card.locator('.domain').textContent()).toContain(row.domain);
      expect(await card.locator('.snippet').textContent()).toBe(row.snippet);
      expect(await card.locator('.score').textContent()).toBe(`Score ${row.score!.toFixed(2)}`);
      const fill = await card.locator('.score .bar-fill').evaluate((el) => el.style.width);
      expect(fill).toBe(`${Math.round(row.score! * 100)}%`);
      const risk = card.locator('.risk');
      expect(await risk.textContent()).toBe(`Injection risk: ${row.injection_risk}`);
      expect(await risk.getAttribute('class')).toBe(`risk risk-${row.injection_risk}`);
      // Colour as well as words: each level has its own (light scheme) background.
      expect(await risk.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor)).toBe(
        RISK_BACKGROUND[row.injection_risk],
      );
    }
    // The injected candidate was gated out, and the page says so without showing it.
    expect(await page.locator('#results-meta').textContent()).toContain('1 candidate removed by a safety gate');
    expect(await page.locator('#result-list').textContent()).not.toContain('Ignore all previous');
    expect(await page.locator('#relaxed-notice').count()).toBe(0);

    // Signals on demand: closed until asked for, then the seven scores and the gate outcomes.
    const first = cards.first();
    expect(await first.locator('details.signals').getAttribute('open')).toBeNull();
    await first.locator('details.signals summary').click();
    const signalRows = first.locator('details.signals tbody tr');
    expect(await signalRows.count()).toBe(7);
    const shown = Object.fromEntries(
      await signalRows.evaluateAll((rows) =>
        rows.map((row) => [...row.children].slice(0, 2).map((cell) => cell.textContent)),
      ),
    );
    expect(shown).toEqual(
      Object.fromEntries(
        Object.entries(expected.results[0]!.signals).map(([name, value]) => [
          name,
          value === null ? 'no parse' : value.toFixed(2),
        ]),
      ),
    );
    expect(await first.locator('details.signals').textContent()).toContain(
      'Gates: subject_match pass · is_republisher pass · prompt_injection pass',
    );
    expect(page.url()).toBe(`${site!.baseUrl}/?q=ocean+tides&k=5`);
    await screenshot(page, 'search-results');
  });

  it(verifies('WEB-FILTER-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    await page.fill('#api-key', site!.apiKey!);
    await page.locator('#filters summary').click();
    await page.fill('#exclude-domains', 'wikipedia.org');
    await page.selectOption('#time-range', 'year');
    await page.fill('#q', 'ocean tides');
    await page.press('#q', 'Enter');
    await page.locator('#result-list .card').first().waitFor();
    const domains = await page.locator('#result-list .domain').allTextContents();
    expect(domains.length).toBeGreaterThan(0);
    expect(domains.join(' ')).not.toContain('wikipedia.org');
    expect(await page.locator('#results-meta').textContent()).toContain('1 removed by your filters');
    expect(page.url()).toBe(`${site!.baseUrl}/?q=ocean+tides&k=10&exclude_domains=wikipedia.org&time_range=year`);
    // A shared link restores the filters, open.
    await page.goto(page.url());
    expect(await page.locator('#filters').getAttribute('open')).not.toBeNull();
    expect(await page.inputValue('#exclude-domains')).toBe('wikipedia.org');
    expect(await page.inputValue('#time-range')).toBe('year');
  });

  it(verifies('WEB-RELAX-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    await searchAs(site!.apiKey!, 'all injected');
    const notice = page.locator('#relaxed-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Relaxed safety');
    expect(await page.locator('#alert').getAttribute('role')).toBe('alert');
    const expected = await apiSearch(site!, 'all injected', 10);
    expect(expected.results.every((row) => row.gates_relaxed === true)).toBe(true);
    const cards = page.locator('#result-list .card');
    expect(await cards.count()).toBe(expected.results.length);
    for (const [i, row] of expected.results.entries()) {
      expect(await cards.nth(i).locator('.risk').textContent()).toBe(`Injection risk: ${row.injection_risk}`);
      expect(await cards.nth(i).locator('.tag-relaxed').textContent()).toBe('Gates relaxed');
    }
    await screenshot(page, 'search-relaxed-safety');
  });

  it(verifies('WEB-ERROR-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    const direct = expectProblem(
      await httpClient(site!.baseUrl).get('/api/v1/search?q=upstream+500&mode=snip', {
        headers: { authorization: `Bearer ${site!.apiKey}` },
      }),
      502,
      'UPSTREAM_ERROR',
    );
    await searchAs(site!.apiKey!, 'upstream 500');
    const problem = page.locator('#problem');
    await problem.waitFor();
    const text = await problem.textContent();
    expect(text).toContain(`${direct.title} (502)`);
    expect(text).toContain(direct.detail);
    expect(text).toContain(`What to do: ${direct.hint}`);
    expect(await problem.locator('a code').textContent()).toBe('UPSTREAM_ERROR');
    expect(await problem.locator('a').getAttribute('href')).toBe(direct.type);
    expect(await page.locator('#results').isHidden()).toBe(true);
    expect(await page.locator('#status').textContent()).toBe('Search failed: UPSTREAM_ERROR.');
    await screenshot(page, 'search-error');

    await searchAs('not-the-key-0000000000', 'ocean tides');
    await expect.poll(() => problem.textContent()).toContain('The credential is not valid');
    expect(await problem.textContent()).toContain('Unauthorized (401)');
  });

  it(verifies('WEB-STATES-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    await searchAs(site!.apiKey!, 'slow tides');
    const status = page.locator('#status');
    await expect.poll(() => status.textContent()).toBe('Searching for “slow tides”…');
    expect(await status.getAttribute('class')).toContain('loading');
    expect(await page.locator('#results').getAttribute('aria-busy')).toBe('true');
    await screenshot(page, 'search-loading');
    await page.locator('#result-list .card').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('#results').getAttribute('aria-busy')).toBe('false');
    expect(await status.getAttribute('class')).not.toContain('loading');

    await searchAs(site!.apiKey!, 'nothing at all');
    await expect
      .poll(() => page.locator('#results-heading').textContent())
      .toBe('No sources found for “nothing at all”');
    expect(await page.locator('#result-list .card').count()).toBe(0);
    expect(await status.textContent()).toBe('No results. Try other words.');
    await screenshot(page, 'search-empty');
  });

  it(verifies('WEB-LIMIT-1'), async () => {
    // One client address spends its burst window; then the page searches from it.
    const limited = '192.0.2.41';
    const spender = httpClient(site!.baseUrl, {
      defaultHeaders: { authorization: `Bearer ${site!.apiKey}`, 'x-forwarded-for': limited },
    });
    let spent = 0;
    while ((await spender.get('/api/v1/search?q=ocean+tides&k=1')).status !== 429) {
      spent += 1;
      expect(spent, 'the burst limiter never refused').toBeLessThanOrEqual(RATE_LIMIT);
    }
    await openPage({ clientAddress: limited });
    await page.goto(`${site!.baseUrl}/`);
    const answer = page.waitForResponse((response) => response.url().includes('/api/v1/search'));
    await searchAs(site!.apiKey!, 'ocean tides');
    const response = await answer;
    expect(response.status()).toBe(429);
    const retryAfter = Number(response.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    const problem = page.locator('#problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Too many searches');
    expect(await problem.textContent()).toContain(
      `Try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`,
    );
    expect(await problem.locator('a code').textContent()).toBe('RATE_LIMITED');
    const button = page.locator('#search-button');
    expect(await button.isDisabled()).toBe(true);
    expect(await button.textContent()).toMatch(/^Retry in \d+ s$/);
    await screenshot(page, 'search-rate-limited');
    expect(problems).toEqual([]);
    await page.context().close();

    // The demo key's lifetime allowance, used up from another address: the page says so and offers the key field.
    const exhausted = '192.0.2.42';
    const demoVisitor = httpClient(demo!.baseUrl, {
      defaultHeaders: { authorization: `Bearer ${demoKey}`, 'x-forwarded-for': exhausted },
    });
    for (let i = 0; i < DEMO_LIMIT; i += 1)
      expect((await demoVisitor.get('/api/v1/search?q=ocean+tides&k=1')).status).toBe(200);
    await openPage({ clientAddress: exhausted });
    await page.goto(`${demo!.baseUrl}/`);
    expect(await page.locator('#key-field').isHidden()).toBe(true);
    const demoAnswer = page.waitForResponse((r) => r.url().includes('/api/v1/search'));
    await page.fill('#q', 'ocean tides');
    await page.press('#q', 'Enter');
    const refused = await demoAnswer;
    expect(refused.status()).toBe(429);
    expect(refused.headers()['retry-after']).toBeUndefined();
    const body = (await refused.json()) as { code: string; hint: string };
    expect(body.code).toBe('DEMO_EXHAUSTED');
    const demoProblem = page.locator('#problem');
    await demoProblem.waitFor();
    expect(await demoProblem.textContent()).toContain('Demo allowance used');
    expect(await demoProblem.textContent()).toContain(body.hint);
    // Paths in the hint are links.
    expect(await demoProblem.locator('a[href="/auth.md"]').textContent()).toBe('/auth.md');
    expect(await page.locator('#key-field').isVisible()).toBe(true);
    expect(await page.locator('#search-button').isDisabled()).toBe(false);
    await screenshot(page, 'search-demo-exhausted');
  });

  it(verifies('WEB-KEY-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    expect(await inPage('window.RANKGATE_CONFIG')).toEqual({
      demo_mode: 'disabled',
      demo_key: null,
      api_base: '/api/v1',
    });
    expect(await page.locator('#key-field').isVisible()).toBe(true);
    expect(await page.locator('#demo-note').isHidden()).toBe(true);

    // Without a key the page asks for one instead of calling the API.
    await page.fill('#q', 'ocean tides');
    await page.press('#q', 'Enter');
    await expect.poll(() => page.locator('#problem').textContent()).toContain('API key needed');
    expect(await inPage('document.activeElement.id')).toBe('api-key');

    const authorizations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/search')) authorizations.push(request.headers().authorization ?? '');
    });
    await searchAs(site!.apiKey!, 'ocean tides');
    await page.locator('#result-list .card').first().waitFor();
    expect(authorizations).toEqual([`Bearer ${site!.apiKey}`]);
    const storage = await inPage(
      '({ session: { ...sessionStorage }, local: { ...localStorage }, cookie: document.cookie })',
    );
    expect(storage).toEqual({ session: { 'rankgate.apiKey': site!.apiKey }, local: {}, cookie: '' });
    expect(await page.context().cookies()).toEqual([]);
    expect(page.url()).not.toContain(site!.apiKey!);

    // A reload in the same tab keeps the key and reruns the search in the address bar.
    await page.reload();
    await page.locator('#result-list .card').first().waitFor();
    expect(await page.inputValue('#api-key')).toBe(site!.apiKey);
    // Another tab's session starts empty.
    const other = await browser!.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`${site!.baseUrl}/`);
    expect(await otherPage.inputValue('#api-key')).toBe('');
    await other.close();
    // "Forget key" clears it.
    await page.click('#forget-key');
    expect(await inPage('({ ...sessionStorage })')).toEqual({});
  });

  it(verifies('WEB-DEMO-1'), async () => {
    await openPage();
    await page.goto(`${demo!.baseUrl}/`);
    expect(await inPage('window.RANKGATE_CONFIG')).toEqual({
      demo_mode: 'enabled',
      demo_key: demoKey,
      api_base: '/api/v1',
    });
    expect(await page.locator('#key-field').isHidden()).toBe(true);
    expect(await page.locator('#demo-note').isVisible()).toBe(true);
    const authorizations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/search')) authorizations.push(request.headers().authorization ?? '');
    });
    await page.fill('#q', 'ocean tides');
    await page.press('#q', 'Enter');
    await page.locator('#result-list .card').first().waitFor();
    expect(authorizations).toEqual([`Bearer ${demoKey}`]);
    expect(await inPage('({ ...sessionStorage })')).toEqual({});
    await screenshot(page, 'search-demo-mode');
  });
});
