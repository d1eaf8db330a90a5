/**
 * The website in a real browser, the page checks that need no demo gateway: keyboard use, a phone-sized screen,
 * accessibility (axe) and the content security policy. playwright-core drives Chromium against the split topology,
 * whose search service discovers through a fake Brave server. The search behaviour is e2e/browser.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeViolations } from './harness/axe.ts';
import type { PageOptions } from './harness/browser.ts';
import { evaluateIn, launchBrowser, planBrowser, screenshot, submitSearch, watchedPages } from './harness/browser.ts';
import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import type { LocalTarget } from './harness/target.ts';
import { planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const browserPlan =
  plan.mode === 'local' ? planBrowser() : { mode: 'skip' as const, reason: 'needs the local topology' };
const runnable = plan.mode === 'local' && browserPlan.mode === 'run';
const title =
  browserPlan.mode === 'skip' && plan.mode === 'local'
    ? `website in a browser: keyboard, screens, accessibility — skipped: ${browserPlan.reason}`
    : suiteTitle('website in a browser: keyboard, screens, accessibility', plan);

describe.skipIf(!runnable)(title, () => {
  let brave: FakeBrave;
  let site: LocalTarget | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    brave = await startFakeBrave();
    const env = {
      DISCOVER_PROVIDER: 'brave',
      BRAVE_BASE_URL: brave.url,
      BRAVE_API_KEY: FAKE_BRAVE_KEY,
      LOG_LEVEL: 'warn',
    };
    [site, browser] = await Promise.all([startLocalTarget(plan, env), launchBrowser(browserPlan)]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await brave?.close();
  });

  const openWatchedPage = watchedPages(() => browser!);
  async function openPage(options?: PageOptions): Promise<Page> {
    ({ page } = await openWatchedPage(options));
    return page;
  }
  const inPage = <T = unknown>(expression: string): Promise<T> => evaluateIn<T>(page, expression);
  const searchAs = (key: string, query: string, k?: string): Promise<void> => submitSearch(page, key, query, k);

  it(verifies('WEB-KEYBOARD-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    const focusedId = () => inPage<string>('document.activeElement.id');
    const tabUntil = async (predicate: () => Promise<boolean>, limit = 25): Promise<void> => {
      for (let i = 0; i < limit; i += 1) {
        if (await predicate()) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('focus never reached the expected element');
    };
    // The first Tab reaches the skip link, which moves focus to the main content.
    await page.keyboard.press('Tab');
    expect(await inPage('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await focusedId()).toBe('main');

    await tabUntil(async () => (await focusedId()) === 'q');
    await page.keyboard.type('ocean tides');
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('k');
    await page.keyboard.press('ArrowUp'); // 10 → 5
    expect(await page.inputValue('#k')).toBe('5');
    await tabUntil(async () => (await focusedId()) === 'api-key');
    await page.keyboard.type(site!.apiKey!);
    await page.keyboard.press('Enter');
    await page.locator('#result-list .card').first().waitFor();

    // From the key field, Tab reaches the first result's link, then its Signals.
    await tabUntil(() =>
      inPage<boolean>("document.activeElement.tagName === 'A' && document.activeElement.closest('.card') !== null"),
    );
    const outline = await inPage(
      '`${getComputedStyle(document.activeElement).outlineStyle} ${getComputedStyle(document.activeElement).outlineWidth}`',
    );
    expect(outline).toBe('solid 3px');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.locator('#result-list .card').first().locator('details.signals').getAttribute('open')).toBe('');
    await screenshot(page, 'search-keyboard');
  });

  it(verifies('WEB-RESPONSIVE-1'), async () => {
    await openPage({ viewport: { width: 375, height: 740 } });
    const overflow = () =>
      inPage<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    await page.goto(`${site!.baseUrl}/?q=ocean+tides&k=5`);
    await page.fill('#api-key', site!.apiKey!);
    await page.press('#api-key', 'Enter');
    await page.locator('#result-list .card').first().waitFor();
    await page.locator('#result-list .card details.signals summary').first().click();
    expect(await overflow()).toBe(0);
    await screenshot(page, 'search-phone');
    for (const path of ['/docs', '/developers', '/privacy', '/errors']) {
      await page.goto(`${site!.baseUrl}${path}`);
      expect(await overflow(), path).toBe(0);
    }
    await screenshot(page, 'errors-phone');
  });

  it(verifies('WEB-A11Y-1'), async () => {
    await openPage();
    await page.goto(`${site!.baseUrl}/`);
    expect(await axeViolations(page), '/ before a search').toEqual([]);
    await searchAs(site!.apiKey!, 'ocean tides');
    await page.locator('#result-list .card').first().waitFor();
    await page.locator('#result-list .card details.signals summary').first().click();
    expect(await axeViolations(page), '/ with results').toEqual([]);
    await searchAs(site!.apiKey!, 'upstream 500');
    await page.locator('#problem').waitFor();
    expect(await axeViolations(page), '/ with an error').toEqual([]);
    await page.goto(`${site!.baseUrl}/docs`);
    expect(await axeViolations(page), '/docs').toEqual([]);
    const guides = await page
      .locator('.guide-list a[href^="/docs/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(guides.length).toBeGreaterThan(3);
    for (const path of [...guides, '/developers', '/privacy', '/contact', '/errors', '/errors/rate-limited']) {
      await page.goto(`${site!.baseUrl}${path}`);
      expect(await axeViolations(page), path ?? '').toEqual([]);
    }
    // The dark scheme has its own colours; contrast must hold there too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${site!.baseUrl}/docs`);
    expect(await axeViolations(page), '/docs, dark').toEqual([]);
    await page.goto(`${site!.baseUrl}/?q=all+injected`);
    await page.fill('#api-key', site!.apiKey!);
    await page.press('#api-key', 'Enter');
    await page.locator('#relaxed-notice').waitFor();
    expect(await axeViolations(page), '/ with relaxed results, dark').toEqual([]);
    await screenshot(page, 'search-relaxed-dark');
    // Control: the same check reports a violation planted in the page (a button without a name).
    await inPage("document.querySelector('main').insertAdjacentHTML('beforeend', '<button></button>')");
    expect((await axeViolations(page)).map((v) => v.id)).toContain('button-name');
  });

  it(verifies('WEB-CSP-1'), async () => {
    await openPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of [
      '/',
      '/docs',
      '/developers',
      '/privacy',
      '/contact',
      '/errors',
      '/errors/demo-exhausted',
      '/docs/versioning',
    ]) {
      const response = await page.goto(`${site!.baseUrl}${path}`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.waitForLoadState('load');
    }
    // The search page's script ran (it filled in the key field's state from /config.js).
    await page.goto(`${site!.baseUrl}/`);
    expect(await page.locator('#key-field').isVisible()).toBe(true);
    expect(violations).toEqual([]);
  });
});
