/**
 * Picks the judge named in config. The LLM judges need a model (and the OpenAI-compatible one a
 * base URL, Anthropic a key); the service's config schema checks that at start, this factory
 * checks it again for other callers (the eval).
 */
import type { Judge, JudgeMode } from './judge.ts';
import type { JudgeWarning } from './llm/index.ts';
import { createAnthropicJudge, createOpenAiJudge } from './llm/index.ts';
import { createLocalJudge } from './local/local-judge.ts';

export const JUDGES = ['local', 'openai', 'anthropic'] as const;
export type JudgeName = (typeof JUDGES)[number];

export interface JudgeSettings {
  judge: JudgeName;
  /** `JUDGE_BASE_URL`: required for `openai` (e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1`). */
  baseUrl?: string;
  /** `JUDGE_MODEL`: required for the LLM judges. */
  model?: string;
  /** `JUDGE_API_KEY`: required for `anthropic`, optional for `openai` (local servers need none). */
  apiKey?: string;
  /**
   * `JUDGE_MODE`: `listwise` adds the LLM judges' sliding-window pass (default `pointwise`; the local judge has
   * none).
   */
  mode?: JudgeMode;
  /** `JUDGE_TIMEOUT_MS`: one batch, retry included. */
  timeoutMs?: number;
  /** Told about batches left unparsed (outage, refusal, truncation) so the service can log them. */
  onWarning?: (warning: JudgeWarning) => void;
}

const required = (judge: string, setting: string, value: string | undefined): string => {
  if (!value) throw new Error(`The ${judge} judge needs ${setting}.`);
  return value;
};

export function createJudge(settings: JudgeSettings): Judge {
  const common = {
    ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
    ...(settings.onWarning ? { onWarning: settings.onWarning } : {}),
    ...(settings.mode ? { mode: settings.mode } : {}),
  };
  switch (settings.judge) {
    case 'local':
      if (settings.mode === 'listwise')
        throw new Error('The local judge has no listwise mode (JUDGE_MODE=listwise needs openai or anthropic).');
      return createLocalJudge();
    case 'openai':
      return createOpenAiJudge({
        ...common,
        baseUrl: required('openai', 'JUDGE_BASE_URL', settings.baseUrl),
        model: required('openai', 'JUDGE_MODEL', settings.model),
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      });
    case 'anthropic':
      return createAnthropicJudge({
        ...common,
        model: required('anthropic', 'JUDGE_MODEL', settings.model),
        apiKey: required('anthropic', 'JUDGE_API_KEY', settings.apiKey),
        ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      });
    default: {
      const unknown: never = settings.judge;
      throw new Error(`unknown judge ${JSON.stringify(unknown)}`);
    }
  }
}
