/**
 * Table tests for a rule family of the injection screen: texts it must find and gate, and texts it must leave alone,
 * each written once per family test file instead of the same it.each body in every one.
 */
import { PROMPT_INJECTION_THRESHOLD } from '@rankgate/contracts';
import { expect, it } from 'vitest';

import { detectInjection } from '../screening/detect-injection.ts';
import type { InjectionFamily } from '../screening/injection-family.ts';

/** A way to put a text somewhere else: inside a page, behind a title. */
export type Setting = (text: string) => string;

/** Each text is found by `family` and crosses the gate, as it is and in each of `settings`. */
export function itGates(family: InjectionFamily, texts: readonly string[], settings: readonly Setting[] = []): void {
  it.each(texts)('is found and crosses the gate: %s', (text) => {
    for (const variant of [text, ...settings.map((put) => put(text))]) {
      const result = detectInjection(variant);
      expect(result.reasons).toContain(family.reason);
      expect(result.score).toBeGreaterThanOrEqual(PROMPT_INJECTION_THRESHOLD);
    }
  });
}

/** No text sets `family` off; `what` says what they are. */
export function itLeavesAlone(family: InjectionFamily, what: string, texts: readonly string[]): void {
  it.each(texts)(`leaves ${what} alone: %s`, (text) => {
    expect(detectInjection(text).reasons).not.toContain(family.reason);
  });
}
