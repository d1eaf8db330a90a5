import type { InjectionAssessment } from '@rankgate/shared/screening';
import { detectInjection, screenResult } from '@rankgate/shared/screening';

import type { HiddenText } from '../extract/hidden-text.ts';

/**
 * Instructions a page hides from its readers are evidence on their own: a page has no honest reason
 * to address an AI where people cannot see it. When the detector finds anything in the hidden
 * text, this weight joins the evidence as one more independent family.
 */
export const HIDDEN_INSTRUCTIONS_WEIGHT = 0.25;

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

export interface PageText {
  title: string;
  snippet: string;
  /** The readable (visible) text. */
  text: string;
  hidden: HiddenText;
}

/**
 * The page's prompt-injection score: the local detector on the visible text and, separately, on the
 * hidden text, combined as independent evidence (`1 − Π(1 − score)`), never below the judge's own
 * rating (a page cannot talk the judge into a lower score, and the judge cannot lower ours).
 */
export function screenPage(page: PageText, judged: number | null): InjectionAssessment {
  const visible = screenResult({ title: page.title, snippet: page.snippet, content: page.text });
  const hidden = page.hidden.text ? detectInjection(page.hidden.text) : { score: 0, reasons: [] };
  let clean = 1 - visible.score;
  const reasons = [...visible.reasons];
  if (hidden.score > 0) {
    clean *= (1 - hidden.score) * (1 - HIDDEN_INSTRUCTIONS_WEIGHT);
    const where = page.hidden.kinds.join(', ');
    reasons.push(...hidden.reasons.map((reason) => `hidden text (${where}): ${reason}`));
  }
  const detected = round3(1 - clean);
  if (judged !== null && judged > detected) return { score: round3(judged), reasons: [...reasons, 'judge rated the page text as an injection'] };
  return { score: detected, reasons };
}
