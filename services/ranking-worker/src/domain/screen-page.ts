import type { InjectionAssessment } from '@rankgate/ranking/screening';
import { screenPage as screenPageText } from '@rankgate/ranking/screening';

import type { HiddenText } from '../extract/hidden-text.ts';
import { CHANNEL_OF } from '../extract/hidden-text.ts';

export interface PageText {
  title: string;
  snippet: string;
  /** The readable (visible) text. */
  text: string;
  hidden: HiddenText;
}

/**
 * The page's prompt-injection score: the shared detector over the visible text and each hidden
 * fragment by the channel it was hidden in (hidden evidence weighs more), never below the judge's
 * own rating (a page cannot talk the judge into a lower score, and the judge cannot lower ours).
 */
export function screenPage(page: PageText, judged: number | null): InjectionAssessment {
  const detected = screenPageText({
    title: page.title,
    snippet: page.snippet,
    visibleText: page.text,
    hiddenText: page.hidden.fragments.map((fragment) => ({ channel: CHANNEL_OF[fragment.kind], text: fragment.text })),
  });
  if (judged !== null && judged > detected.score) {
    return {
      ...detected,
      score: Math.round(judged * 1000) / 1000,
      reasons: [...detected.reasons, 'judge rated the page text as an injection'],
    };
  }
  return detected;
}
