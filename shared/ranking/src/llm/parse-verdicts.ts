/**
 * Reads the model's reply `{results:[{id, answerability, …, is_republisher}]}` leniently: each
 * field stands on its own, so one bad value costs that signal only. A reply that is not JSON at
 * all (or has no results list) leaves the whole batch unparsed. Nothing here ever reports the
 * model's text: it may echo injected page text.
 */
import { SIGNAL_NAMES } from '@rankgate/contracts';
import type { SignalName } from '@rankgate/contracts';
import type { JudgeVerdict } from '../judge.ts';

/** A verdict with every signal unparsed. */
export function unparsedVerdict(id: number): JudgeVerdict {
  return {
    id,
    signals: Object.fromEntries(SIGNAL_NAMES.map((name) => [name, null])) as Record<SignalName, null>,
    is_republisher: null,
  };
}

/** A score in [0, 1], else `null` (strings, NaN, out of range and missing values alike). */
function unitScore(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/** A prompt id: an integer, or a string of digits (some models quote numbers). */
function promptId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The JSON object in a reply: the whole text, else the text inside a ```json fence, else the span
 * from the first `{` to the last `}` (prose around the object).
 */
function extractJson(text: string): unknown {
  const attempts = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced?.[1]) attempts.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) attempts.push(text.slice(first, last + 1));
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as unknown;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

function resultsOf(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object') {
    const { results } = json as { results?: unknown };
    if (Array.isArray(results)) return results;
  }
  return undefined;
}

/**
 * Verdicts for one batch, in `ids` order (prompt id → `JudgeInput.id`), or `undefined` when the
 * reply is malformed as a whole. Unknown ids are ignored, a repeated id keeps its first entry and
 * a candidate missing from the reply gets every signal unparsed.
 */
export function parseVerdicts(text: string, ids: ReadonlyMap<number, number>): JudgeVerdict[] | undefined {
  const results = resultsOf(extractJson(text));
  if (!results) return undefined;
  const byPromptId = new Map<number, Record<string, unknown>>();
  for (const entry of results) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const record = entry as Record<string, unknown>;
    const id = promptId(record.id);
    if (id === undefined || !ids.has(id) || byPromptId.has(id)) continue;
    byPromptId.set(id, record);
  }
  return [...ids].map(([pid, inputId]) => {
    const record = byPromptId.get(pid);
    if (!record) return unparsedVerdict(inputId);
    const republisher = record.is_republisher;
    return {
      id: inputId,
      signals: Object.fromEntries(SIGNAL_NAMES.map((name) => [name, unitScore(record[name])])) as Record<
        SignalName,
        number | null
      >,
      is_republisher: typeof republisher === 'boolean' ? republisher : null,
    };
  });
}
