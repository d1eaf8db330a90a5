import type { Gates, Signals } from '@rankgate/contracts';
import { PROMPT_INJECTION_THRESHOLD } from '@rankgate/contracts';

/** A candidate fails `subject_match` below this share of the query's subject terms. */
const SUBJECT_MATCH_THRESHOLD = 0.5;

type GateName = keyof Gates;

export interface GateVerdict {
  gates: Gates;
  /** The first gate the row failed, in the spec's order; undefined when it passed all three. */
  failed: GateName | undefined;
}

/**
 * The hard gates, in the spec's order: `subject_match` (missing parse fails open),
 * `is_republisher` (missing parse fails open), `prompt_injection` ≥ 0.55 (missing parse is
 * fail-flagged: the row is treated as failing).
 */
export function applyGates(signals: Signals, isRepublisher: boolean | null): GateVerdict {
  const gates: Gates = {
    subject_match:
      signals.subject_match === null ? 'fail_open' : signals.subject_match >= SUBJECT_MATCH_THRESHOLD ? 'pass' : 'fail',
    is_republisher: isRepublisher === null ? 'fail_open' : isRepublisher ? 'fail' : 'pass',
    prompt_injection:
      signals.prompt_injection === null
        ? 'fail_flagged'
        : signals.prompt_injection >= PROMPT_INJECTION_THRESHOLD
          ? 'fail'
          : 'pass',
  };
  const order: GateName[] = ['subject_match', 'is_republisher', 'prompt_injection'];
  const failed = order.find((gate) => gates[gate] === 'fail' || gates[gate] === 'fail_flagged');
  return { gates, failed };
}
