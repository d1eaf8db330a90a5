/**
 * A real browser for the website tests: playwright-core driving Debian's Chromium
 * (`apt-get install chromium`; `.ci/run` installs it). CHROMIUM_PATH points elsewhere.
 * Like Redis, a missing browser skips the suites locally and fails them under CI=true.
 */
import { accessSync, constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

import type { SearchResponse } from '@rankgate/contracts';
import { SearchResponseSchema } from '@rankgate/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterEach, expect } from 'vitest';

import { httpClient } from './http.ts';
import type { LocalTarget } from './target.ts';

export type BrowserPlan = { mode: 'run'; executablePath: string } | { mode: 'skip'; reason: string };

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else `chromium` on the PATH. */
export function planBrowser(): BrowserPlan {
  const configured = process.env.CHROMIUM_PATH?.trim();
  const candidates = configured
    ? [configured]
    : [
        DEFAULT_CHROMIUM,
        ...(process.env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map((dir) => join(dir, 'chromium')),
      ];
  const executablePath = candidates.find(executable);
  if (executablePath) return { mode: 'run', executablePath };
  const reason = `no Chromium at ${configured ?? `${DEFAULT_CHROMIUM} or on the PATH`}; install it with \`apt-get install -y --no-install-recommends chromium\` (or set CHROMIUM_PATH).`;
  // CI must not go green by skipping the browser suites.
  if (process.env.CI === 'true') throw new Error(reason);
  return { mode: 'skip', reason };
}

export function launchBrowser(plan: BrowserPlan): Promise<Browser> {
  if (plan.mode !== 'run') throw new Error(`no browser to launch: ${plan.reason}`);
  return chromium.launch({
    executablePath: plan.executablePath,
    headless: true,
    // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Screenshots are test artifacts, written to the gitignored .artifacts/browser/. */
const ARTIFACTS_DIR = new URL('../../.artifacts/browser/', import.meta.url);

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS_DIR).pathname, fullPage: true });
}

/**
 * Everything a page reports that a visitor would suffer from: script errors, CSP violations,
 * console errors. A failed fetch the test provoked on purpose (an HTTP error status) is expected.
 */
export function watchConsole(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/^Failed to load resource: the server responded with a status of [45]\d\d/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  });
  return { problems };
}

/** The same search the website makes, straight to the API, to compare what the page shows with. */
export async function apiSearch(target: LocalTarget, q: string, k: number): Promise<SearchResponse> {
  const response = await httpClient(target.baseUrl).get(
    `/api/v1/search?${new URLSearchParams({ q, k: String(k), mode: 'snip' })}`,
    {
      headers: { authorization: `Bearer ${target.apiKey}` },
    },
  );
  expect(response.status, response.text).toBe(200);
  return SearchResponseSchema.parse(response.json);
}

/** A fresh page's window size, and the client address it searches from (X-Forwarded-For), if its own. */
export interface PageOptions {
  viewport?: { width: number; height: number };
  clientAddress?: string;
}

/**
 * A suite's page opener: each page in a fresh browser context (empty session storage), watched for
 * script errors and CSP violations. After each test every context it opened closes, and the test
 * fails on any problem seen.
 */
export function watchedPages(browser: () => Browser) {
  const opened: { context: BrowserContext; problems: string[] }[] = [];
  afterEach(async () => {
    const closing = opened.splice(0);
    await Promise.all(closing.map(({ context }) => context.close()));
    const problems = closing.flatMap((entry) => entry.problems);
    expect(problems, 'script errors or CSP violations in the page').toEqual([]);
  });
  return async ({ viewport = { width: 1200, height: 900 }, clientAddress }: PageOptions = {}) => {
    const context = await browser().newContext({
      viewport,
      ...(clientAddress ? { extraHTTPHeaders: { 'x-forwarded-for': clientAddress } } : {}),
    });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    opened.push({ context, problems });
    return { page, problems };
  };
}

/** Evaluates an expression in the page (a string: this project compiles without the DOM types). */
export const evaluateIn = <T = unknown>(page: Page, expression: string): Promise<T> =>
  page.evaluate(expression) as Promise<T>;

/** Types the key and the query into the search page as a user would and submits with Enter. */
export async function submitSearch(page: Page, key: string, query: string, k = '10'): Promise<void> {
  await page.fill('#api-key', key);
  await page.selectOption('#k', k);
  await page.fill('#q', query);
  await page.press('#q', 'Enter');
}
