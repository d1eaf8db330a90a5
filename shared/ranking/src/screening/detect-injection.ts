// The risk bands are part of the search response contract.
import { INJECTION_RISK_MEDIUM_FROM } from '@rankgate/contracts';
import type { InjectionModel, WindowScore } from './learned/injection-model.ts';
import { loadInjectionModel } from './learned/injection-model.ts';
import { CONTEXT_SIGNALS, sentenceInPage } from './learned/context-shift.ts';
import { sentenceAt } from './learned/sentence-at.ts';
import { encodedRuns } from './encoded-text.ts';
import { flatText } from './flat-text.ts';
import type { FamilyHit } from './rule-evidence.ts';
import { flatRuleEvidence } from './rule-evidence.ts';
import { PLANTED_ASK, plantedAsk } from './planted-ask.ts';

/** A stretch of the screened text that is evidence of an injection, and why. */
export interface EvidenceSpan {
  /** Offsets into the text given to the detector: [start, end). */
  start: number;
  end: number;
  reason: string;
}

export interface InjectionAssessment {
  /** 0-1, calibrated; the hard gate drops a row at or above PROMPT_INJECTION_THRESHOLD (0.55). */
  score: number;
  /** The rule families found, strongest first, then the learned model's strongest features. */
  reasons: string[];
  /**
   * Where the evidence lies, strongest first (rule matches, then the model's most suspicious window).
   * Always set by detectInjection; screenPage gives the visible text's spans only (offsets into it).
   */
  evidence?: EvidenceSpan[];
}

export type InjectionRisk = 'low' | 'medium' | 'high';

/** Pages are long; evidence beyond this many characters is not looked for (bounded cost). */
const MAX_SCANNED_CHARS = 200_000;
/** The model's features named in a reason, at most. */
const NAMED_FEATURES = 3;
/** The model is named as a reason when its part of the logit alone would put the text at this probability. */
const MODEL_REASON_FROM = 0.3;

/** The shipped artefact, beside this code (written by `npm run train:screening`), read once at start. */
export const INJECTION_MODEL: InjectionModel = loadInjectionModel(
  new URL('./learned/injection-model.json', import.meta.url),
);

/** The context shift is named as a reason when its part of the logit is at least this. */
const CONTEXT_REASON_FROM = 1;
const CONTEXT_REASON =
  'context shift: a question or request to the reader about something else than the text around it';

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * The local prompt-injection detector: offline, deterministic, microseconds for a snippet. The
 * learned model's most suspicious window and the rule families' evidence combine into one
 * calibrated score (weights fitted on held-out training data, see scripts/train), never below
 * what the rule families alone give. Whitespace runs
 * count as one space: no evidence depends on lines or on where the text was cut.
 */
export function detectInjection(text: string, model: InjectionModel = INJECTION_MODEL): Required<InjectionAssessment> {
  return assess(text, model, true);
}

function assess(text: string, model: InjectionModel, decode: boolean): Required<InjectionAssessment> {
  // Rules and model read the flat form (one space per whitespace run); spans map back to `text`.
  const flat = flatText(text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text);
  const scanned = flat.text;
  const rules = flatRuleEvidence(flat);
  const window = model.score(scanned);
  const { combine } = model;
  const modelPart = combine.model * window.logit;
  const contextPart = CONTEXT_SIGNALS.reduce(
    (sum, name, i) => sum + (combine.context[name] ?? 0) * (window.signals[i] ?? 0),
    0,
  );
  // The rules' own verdict (1 − Π(1 − weight)) stands: the model may add to it, never veto it (an override in a
  // language the model has not seen is still an override). A family may weigh more planted in a page, and a request
  // planted for the reader's assistant is evidence of its own.
  const ask = plantedAsk(scanned, window.starts, window.traits);
  const askEvidence = ask >= 0 ? -Math.log(1 - PLANTED_ASK.weight) : 0;
  const rulesAlone = 1 - Math.exp(-(rules.evidence + plantedEvidence(rules.hits, window) + askEvidence));
  const combined = sigmoid(modelPart + contextPart + combine.rules * rules.evidence + combine.bias);
  let clean = 1 - Math.max(rulesAlone, combined);

  const reasons = rules.hits.map((hit) => hit.family.reason);
  const toOriginal = (start: number, end: number, reason: string): EvidenceSpan => ({
    start: flat.original(start),
    end: end > start ? flat.originalEnd(end) : flat.original(start),
    reason,
  });
  const evidence: EvidenceSpan[] = rules.hits.flatMap((hit) =>
    hit.span ? [toOriginal(hit.span.start, hit.span.end, hit.family.reason)] : [],
  );
  if (ask >= 0) {
    const start = window.starts[ask] ?? 0;
    const end = trimmedEnd(scanned, start, window.starts[ask + 1] ?? scanned.length);
    // Among the rule families' reasons by weight (they are strongest first).
    const at = rules.hits.findIndex((hit) => hit.family.weight < PLANTED_ASK.weight);
    reasons.splice(at < 0 ? reasons.length : at, 0, PLANTED_ASK.reason);
    evidence.push(toOriginal(start, end, PLANTED_ASK.reason));
  }
  // Encoded runs are read in the clear (one level deep: a decoded text is not decoded again).
  for (const run of decode ? encodedRuns(scanned) : []) {
    const inner = assess(run.decoded, model, false);
    if (inner.score < INJECTION_RISK_MEDIUM_FROM) continue;
    clean *= 1 - inner.score;
    const reason = `encoded (${run.kind}): ${inner.reasons[0] ?? 'reads like an instruction to an AI'}`;
    reasons.unshift(reason);
    evidence.unshift(toOriginal(run.start, run.end, reason));
  }
  const score = Math.round((1 - clean) * 1000) / 1000;
  if (contextPart >= CONTEXT_REASON_FROM && score >= INJECTION_RISK_MEDIUM_FROM) reasons.push(CONTEXT_REASON);
  if (sigmoid(modelPart + contextPart + combine.bias) >= MODEL_REASON_FROM && score >= INJECTION_RISK_MEDIUM_FROM) {
    const features = model.strongestFeatures(scanned, window.start, window.end, NAMED_FEATURES);
    const reason =
      features.length > 0
        ? `learned model: ${features.map((f) => `"${f.name}"`).join(', ')}`
        : 'learned model: the text reads like an instruction to an AI';
    reasons.push(reason);
    const end = trimmedEnd(scanned, window.start, window.end);
    evidence.push(toOriginal(window.start, end, reason));
  }
  return { score, reasons, evidence };
}

/** Where text[start, end) ends without its trailing whitespace (a sentence's span stops at its last character). */
const trimmedEnd = (text: string, start: number, end: number): number =>
  start + text.slice(start, end).trimEnd().length;

/** What the families planted in a page add to the rules' evidence (−ln(1 − weight) units). */
function plantedEvidence(hits: readonly FamilyHit[], window: WindowScore): number {
  let extra = 0;
  for (const { family, span } of hits) {
    if (family.plantedWeight === undefined || !span) continue;
    if (!sentenceInPage(window.traits[sentenceAt(window.starts, span.start)])) continue;
    extra += Math.log(1 - family.weight) - Math.log(1 - family.plantedWeight);
  }
  return extra;
}

/** The UI label (Injection risk): high at the gate threshold, medium from INJECTION_RISK_MEDIUM_FROM. */
export function injectionRisk(score: number | null, threshold: number): InjectionRisk {
  if (score === null || score >= threshold) return 'high';
  return score >= INJECTION_RISK_MEDIUM_FROM ? 'medium' : 'low';
}
