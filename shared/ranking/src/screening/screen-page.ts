/**
 * Screens a fetched page (deep mode) with its hidden channels. A page's extractor separates what a
 * reader sees from what a reader cannot see but a model that reads the raw page may: HTML comments,
 * CSS-hidden, aria-hidden or off-screen elements, text carried by zero-width or bidi characters.
 * Instructions in text nobody is meant to see are the signature of an injection, so hidden
 * evidence weighs more than the same evidence in visible text.
 */
import { INJECTION_RISK_MEDIUM_FROM } from '@rankgate/contracts';
import type { InjectionAssessment } from './detect-injection.ts';
import { detectInjection } from './detect-injection.ts';

export const HIDDEN_CHANNELS = [
  'html_comment',
  'css_hidden',
  'aria_hidden',
  'off_screen',
  'zero_width',
  'bidi',
  'other',
] as const;
export type HiddenChannel = (typeof HIDDEN_CHANNELS)[number];

export interface HiddenText {
  channel: HiddenChannel;
  /** The hidden text itself (for zero-width or tag-character payloads: the decoded text). */
  text: string;
}

export interface PageText {
  title?: string;
  /** The search result's snippet, when the page comes from a result. */
  snippet?: string;
  /** What a reader sees, in reading order, one block per line. */
  visibleText: string;
  hiddenText?: readonly HiddenText[];
}

export const CHANNEL_LABELS: Record<HiddenChannel, string> = {
  html_comment: 'an HTML comment',
  css_hidden: 'CSS-hidden text',
  aria_hidden: 'aria-hidden text',
  off_screen: 'off-screen text',
  zero_width: 'zero-width characters',
  bidi: 'bidi-controlled text',
  other: 'hidden text',
};

/** Hidden text read per channel, at most (a page's hidden text is bounded like its visible text). */
const MAX_HIDDEN_CHARS = 50_000;
/** Evidence at or above this in hidden text (one family of medium strength) puts the page over the gate. */
const HIDDEN_INSTRUCTION_EVIDENCE = 0.45;
/** The floor for such a page: above the 0.55 gate. */
const HIDDEN_INSTRUCTION_SCORE = 0.6;
/** Decoded zero-width / bidi payloads shorter than this are formatting, not a message. */
const MIN_SMUGGLED_CHARS = 8;
const SMUGGLED_WEIGHT = 0.45;

/**
 * The weight of evidence found in hidden text: counted twice (1 − (1 − s)²), and at least
 * HIDDEN_INSTRUCTION_SCORE once it reaches medium strength: a note to an AI that the reader cannot
 * see is flagged, where the same note in plain view is only medium risk.
 */
export function hiddenEvidence(score: number): number {
  const doubled = 1 - (1 - score) ** 2;
  return score >= HIDDEN_INSTRUCTION_EVIDENCE ? Math.max(HIDDEN_INSTRUCTION_SCORE, doubled) : doubled;
}

/**
 * One assessment for a page: the visible text as any text (title and snippet first), each hidden
 * channel with its evidence doubled, all combined as independent signals. Reasons found only in
 * hidden text name the channel: "in an HTML comment: override of prior instructions". `evidence`
 * holds the spans found in the visible text, as offsets into `visibleText` (hidden text is not
 * returned to anyone, so its evidence is named by the reasons only).
 */
export function screenPage({ title, snippet, visibleText, hiddenText = [] }: PageText): InjectionAssessment {
  const head = [title, snippet]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' — ');
  const visible = detectInjection(head ? `${head}\n${visibleText}` : visibleText);
  const headChars = head ? head.length + 1 : 0;
  // Spans in the visible text, in its own offsets (the head is the row's title and snippet, screened on their own).
  const evidence = (visible.evidence ?? [])
    .filter((span) => span.start >= headChars)
    .map((span) => ({ ...span, start: span.start - headChars, end: span.end - headChars }));
  let clean = 1 - visible.score;
  const found: { reason: string; weight: number }[] = [];

  const byChannel = new Map<HiddenChannel, string[]>();
  for (const { channel, text } of hiddenText) {
    if (text.trim().length === 0) continue;
    const list = byChannel.get(channel) ?? [];
    list.push(text);
    byChannel.set(channel, list);
  }
  for (const [channel, texts] of byChannel) {
    const joined = texts.join('\n').slice(0, MAX_HIDDEN_CHARS);
    const label = CHANNEL_LABELS[channel];
    if ((channel === 'zero_width' || channel === 'bidi') && joined.replace(/\s/g, '').length >= MIN_SMUGGLED_CHARS) {
      clean *= 1 - SMUGGLED_WEIGHT;
      found.push({ reason: `a message carried by ${label}`, weight: SMUGGLED_WEIGHT });
    }
    const hidden = detectInjection(joined);
    // The score is calibrated (never exactly 0): hidden text below medium risk is a menu or a tag, not evidence.
    if (hidden.score < INJECTION_RISK_MEDIUM_FROM) continue;
    const weight = hiddenEvidence(hidden.score);
    clean *= 1 - weight;
    for (const reason of hidden.reasons) found.push({ reason: `in ${label}: ${reason}`, weight });
  }
  found.sort((a, b) => b.weight - a.weight);
  // Hidden evidence first: it is the stronger signal of the two.
  const ordered = [...found.map((f) => f.reason), ...visible.reasons].filter(
    (reason, i, all) => all.indexOf(reason) === i,
  );
  return { score: Math.round((1 - clean) * 1000) / 1000, reasons: ordered, evidence };
}
