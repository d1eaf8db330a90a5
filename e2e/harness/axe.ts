/** axe-core inside a page under test: the accessibility rules, run by the browser on the real DOM. */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The violations of the given impacts on the page as it is now. The engine is evaluated over the
 * DevTools protocol, which the page's CSP does not govern, so the CSP stays on while it runs.
 */
export async function axeViolations(
  page: Page,
  impacts: readonly string[] = ['serious', 'critical'],
): Promise<AxeViolation[]> {
  // These functions run in the page (the e2e project has no DOM types, hence globalThis).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const page = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext };
    const run = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return run.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => String(n.target)),
    }));
  });
  return results.filter((v) => v.impact !== null && impacts.includes(v.impact));
}
