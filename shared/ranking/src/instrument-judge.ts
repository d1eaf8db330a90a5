import type { Judge, JudgeResult } from './judge.ts';
import type { AppMetrics, UpstreamOutcome } from '@rankgate/platform/metrics';

/** LLM judges report outages as warnings on the result instead of throwing (rows stay unparsed). */
interface WarnedResult extends JudgeResult {
  warnings?: readonly { kind: string }[];
}

const TIMEOUTS = new Set(['timeout']);
const FAILURES = new Set(['http_status', 'unreachable', 'invalid_response']);

function outcomeOf(result: WarnedResult): UpstreamOutcome {
  const kinds = (result.warnings ?? []).map((warning) => warning.kind);
  if (kinds.some((kind) => TIMEOUTS.has(kind))) return 'timeout';
  if (kinds.some((kind) => FAILURES.has(kind))) return 'error';
  return 'ok';
}

/**
 * The same judge, recording per `judge()` call: latency and outcome
 * (`rankgate_upstream_*{kind="judge"}`), the backend requests and tokens from its usage
 * (`rankgate_judge_calls_total`, `rankgate_judge_tokens_total`) and each warning by kind.
 */
export function instrumentJudge(judge: Judge, metrics: AppMetrics): Judge {
  return {
    name: judge.name,
    ...(judge.scoreWeights ? { scoreWeights: judge.scoreWeights } : {}),
    async judge(query, inputs, options) {
      const started = performance.now();
      const seconds = (): number => (performance.now() - started) / 1000;
      let result: WarnedResult;
      try {
        result = await judge.judge(query, inputs, options);
      } catch (error) {
        metrics.observeUpstream({
          kind: 'judge',
          provider: judge.name,
          outcome: options.signal.aborted ? 'aborted' : 'error',
          seconds: seconds(),
        });
        throw error;
      }
      metrics.observeUpstream({ kind: 'judge', provider: judge.name, outcome: outcomeOf(result), seconds: seconds() });
      const { usage } = result;
      metrics.recordJudgeUsage({
        judge: judge.name,
        calls: usage.calls,
        inputTokens: usage.input_tokens,
        outputTokens: usage.output_tokens,
      });
      for (const warning of result.warnings ?? [])
        metrics.recordJudgeWarning({ judge: judge.name, kind: warning.kind });
      return result;
    },
  };
}
