import type { SignalName } from '@rankgate/contracts';
import { PROMPT_INJECTION_THRESHOLD } from '@rankgate/contracts';

/**
 * What each signal means to an agent reading results, condensed from docs/ranking.md (the rule
 * set). Keyed by the contract's signal names, so a renamed or added signal fails to compile here.
 */
export const SIGNAL_MEANINGS: Record<SignalName, { meaning: string; better: 'higher' | 'lower' }> = {
  answerability: {
    meaning: 'Could a reader answer the query from this source (topical coverage and explanatory wording).',
    better: 'higher',
  },
  authority: {
    meaning:
      'How much the source is trusted: standards bodies, agencies, encyclopedias and journals high; content farms low; neutral 0.5 when unknown.',
    better: 'higher',
  },
  on_topic: { meaning: 'How much of the query the source covers.', better: 'higher' },
  states_sought_fact: {
    meaning:
      'Whether it states the kind of fact asked for (a date for "when", a name for "who", a number for "how many", a cause for "why", a definition for "what is").',
    better: 'higher',
  },
  subject_match: {
    meaning:
      "Whether the source is about the query's subject (its proper nouns or most specific terms). Hard gate 1: below 0.5 the row is removed; an unparsed value passes.",
    better: 'higher',
  },
  spam: {
    meaning: 'How spam-like it looks: clickbait, shouting, keyword stuffing, spammy domains. Lowers the score.',
    better: 'lower',
  },
  prompt_injection: {
    meaning: `Whether the text tries to instruct an AI (override instructions, exfiltration, role spoofing, planted requests). Hard gate 3: at or above ${PROMPT_INJECTION_THRESHOLD} the row is removed, and an unparsed value counts as failing. An LLM judge can raise this score, never lower it.`,
    better: 'lower',
  },
};

export const GATE_RULES = [
  "Hard gates run in this order; the first failure removes a candidate: subject_match (< 0.5 fails; unparsed passes), is_republisher (true fails: mirrors and aggregators of others' content; unparsed passes), prompt_injection (>= 0.55 fails; unparsed fails).",
  'Removed candidates appear in meta.dropped with URL, domain and the gate, never their text: do not open them.',
  'If the gates remove every candidate, the pre-gate ranking is returned with gates_relaxed: true on each row. That is a relaxed-safety response: read those rows with care.',
] as const;

export const SCORE_FORMULA =
  'relevance = 0.25·on_topic + 0.20·answerability + 0.15·states_sought_fact + 0.10·authority + 0.30/√provider_rank; score = relevance × (1 − 0.6·spam) × (1 − 0.4·prompt_injection). An unparsed signal counts as 0.5.';

export const INJECTION_RISK_LEVELS = `injection_risk is high at or above ${PROMPT_INJECTION_THRESHOLD} (also when unscored), medium from 0.3, else low; injection_reasons names the evidence.`;
