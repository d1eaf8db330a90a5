/**
 * Screens one search result on everything the provider sent: the title, the whole description,
 * any extra passages, and the markup the description came in (a comment or a hidden element inside
 * a description is evidence, weighed as hidden text is on a page). Evidence is reported per field,
 * with offsets into that field's own text.
 */
import { INJECTION_RISK_MEDIUM_FROM, MAX_EVIDENCE_SPANS } from '@rankgate/contracts';
import type { EvidenceSpan, InjectionAssessment } from './detect-injection.ts';
import { detectInjection } from './detect-injection.ts';
import type { HiddenChannel } from './screen-page.ts';
import { CHANNEL_LABELS, hiddenEvidence } from './screen-page.ts';

/**
 * Where evidence lies: a field the response returns (`title`, `snippet`, `content`: offsets index
 * that field as returned) or provider text it does not return (`extra_snippets`: offsets into the
 * passage numbered `index`; `markup`: offsets into the provider's original markup).
 */
export type EvidenceField = 'title' | 'snippet' | 'content' | 'extra_snippets' | 'markup';

export interface FieldEvidence {
  field: EvidenceField;
  /** Which extra snippet, for `extra_snippets`. */
  index?: number;
  start: number;
  end: number;
  reason: string;
}

export interface ResultAssessment extends Omit<InjectionAssessment, 'evidence'> {
  evidence: FieldEvidence[];
}

export interface ScreenedResult {
  title: string;
  snippet: string;
  extra_snippets?: readonly string[];
  markup?: string;
  /** Deep mode: the page excerpt returned as the row's content. */
  content?: string;
}

const SEPARATOR = ' — ';

/** Hidden parts of a provider's markup: comments and elements a browser would not show. */
const HIDDEN_PARTS: readonly { channel: HiddenChannel; pattern: RegExp }[] = [
  { channel: 'html_comment', pattern: /<!--([\s\S]*?)(?:-->|$)/g },
  {
    channel: 'css_hidden',
    pattern:
      /<([a-z][\w-]*)\b[^>]*?(?:\bhidden\b(?!-)|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9]))[^>]*>([\s\S]*?)<\/\1\s*>/gi,
  },
  {
    channel: 'aria_hidden',
    pattern: /<([a-z][\w-]*)\b[^>]*\baria-hidden\s*=\s*["']?true["']?[^>]*>([\s\S]*?)<\/\1\s*>/gi,
  },
];

interface HiddenPart {
  channel: HiddenChannel;
  text: string;
  /** Offset of `text` in the markup. */
  at: number;
}

export function hiddenParts(markup: string): HiddenPart[] {
  const parts: HiddenPart[] = [];
  for (const { channel, pattern } of HIDDEN_PARTS) {
    for (const match of markup.matchAll(pattern)) {
      const inner = match[match.length - 1] ?? '';
      if (inner.trim().length === 0) continue;
      parts.push({ channel, text: inner, at: (match.index ?? 0) + match[0].indexOf(inner) });
    }
  }
  return parts;
}

interface Part {
  field: EvidenceField;
  index?: number;
  text: string;
  /** Offset of the part in the joined text. */
  at: number;
}

/** The field holding a span of the joined text, and the span in that field's own offsets. */
function toField(parts: readonly Part[], span: EvidenceSpan): FieldEvidence | null {
  const part =
    parts.find((p) => span.start >= p.at && span.start < p.at + p.text.length) ??
    parts.find((p) => span.end > p.at && span.end <= p.at + p.text.length);
  if (!part) return null;
  const start = Math.max(0, span.start - part.at);
  const end = Math.min(part.text.length, span.end - part.at);
  return {
    field: part.field,
    ...(part.index === undefined ? {} : { index: part.index }),
    start,
    end,
    reason: span.reason,
  };
}

/**
 * One assessment for a result. The visible parts are read as one text (so an attack split across
 * the title and the description is still seen); each hidden channel of the markup is read on its
 * own and weighs as hidden text on a page does.
 */
export function screenResult(result: ScreenedResult): ResultAssessment {
  const parts: Part[] = [];
  let joined = '';
  const add = (field: EvidenceField, text: string | undefined, index?: number): void => {
    if (!text) return;
    if (joined.length > 0) joined += SEPARATOR;
    parts.push({ field, ...(index === undefined ? {} : { index }), text, at: joined.length });
    joined += text;
  };
  add('title', result.title);
  add('snippet', result.snippet);
  result.extra_snippets?.forEach((text, index) => add('extra_snippets', text, index));
  add('content', result.content);

  const visible = detectInjection(joined);
  let clean = 1 - visible.score;
  const reasons: { reason: string; weight: number }[] = [];
  const evidence = visible.evidence.flatMap((span) => toField(parts, span) ?? []);
  for (const part of result.markup ? hiddenParts(result.markup) : []) {
    const hidden = detectInjection(part.text);
    // Calibrated scores are never 0: a hidden fragment below medium risk is layout, not evidence.
    if (hidden.score < INJECTION_RISK_MEDIUM_FROM) continue;
    const weight = hiddenEvidence(hidden.score);
    clean *= 1 - weight;
    const label = CHANNEL_LABELS[part.channel];
    for (const reason of hidden.reasons) reasons.push({ reason: `in ${label}: ${reason}`, weight });
    for (const span of hidden.evidence) {
      evidence.push({
        field: 'markup',
        start: part.at + span.start,
        end: part.at + span.end,
        reason: `in ${label}: ${span.reason}`,
      });
    }
  }
  reasons.sort((a, b) => b.weight - a.weight);
  const ordered = [...reasons.map((r) => r.reason), ...visible.reasons].filter(
    (reason, i, all) => all.indexOf(reason) === i,
  );
  const score = result.markup ? Math.round((1 - clean) * 1000) / 1000 : visible.score;
  return { score, reasons: ordered, evidence: evidence.slice(0, MAX_EVIDENCE_SPANS) };
}
