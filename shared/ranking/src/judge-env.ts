import { z } from 'zod';

import { urlField } from '@rankgate/contracts/config';
import type { JudgeSettings } from './create-judge.ts';
import { JUDGES } from './create-judge.ts';
import { JUDGE_MODES } from './judge.ts';

/**
 * The judge's settings, for every service that judges: search (stages B and C in one process) and
 * the ranking-worker (stage C, page text). Spread into a service's env schema and call
 * {@link refineJudgeEnv} from its superRefine.
 */
export const judgeEnv = {
  JUDGE: z
    .enum(JUDGES)
    .default('local')
    .describe(
      'Ranking judge: `local` (deterministic, offline, free), `openai` (any OpenAI-compatible chat-completions endpoint) or `anthropic`.',
    ),
  JUDGE_BASE_URL: urlField(
    'LLM judge endpoint: required for `openai` (e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1); default https://api.anthropic.com for `anthropic`.',
  ).optional(),
  JUDGE_MODEL: z.string().min(1).optional().describe('LLM judge model name (required for `openai` and `anthropic`).'),
  JUDGE_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('LLM judge API key (required for `anthropic`; optional for `openai`-compatible local servers).'),
  JUDGE_MODE: z
    .enum(JUDGE_MODES)
    .default('pointwise')
    .describe(
      "LLM judge: `pointwise` scores each candidate's signals; `listwise` also orders the judged candidates with the model, 20 at a time in windows sliding up by 10 (RankGPT), and that order is the score's rank prior (the ranking worker judges one page at a time: no listwise pass there). Needs JUDGE=openai or anthropic.",
    ),
  JUDGE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .default(20_000)
    .describe('LLM judge: time for one batch of candidates, its one retry included.'),
};

type JudgeEnvFields = z.output<z.ZodObject<typeof judgeEnv>>;

/** An LLM judge without its settings would only fail on the first search: refuse to start instead. */
export function refineJudgeEnv(env: JudgeEnvFields, ctx: z.RefinementCtx): void {
  const need = (variable: 'JUDGE_BASE_URL' | 'JUDGE_MODEL' | 'JUDGE_API_KEY') => {
    if (!env[variable])
      ctx.addIssue({ code: 'custom', path: [variable], message: `is required when JUDGE=${env.JUDGE}` });
  };
  if (env.JUDGE === 'openai') {
    need('JUDGE_BASE_URL');
    need('JUDGE_MODEL');
  }
  if (env.JUDGE === 'anthropic') {
    need('JUDGE_MODEL');
    need('JUDGE_API_KEY');
  }
  if (env.JUDGE_MODE === 'listwise' && env.JUDGE === 'local') {
    ctx.addIssue({
      code: 'custom',
      path: ['JUDGE_MODE'],
      message: 'listwise needs an LLM judge: set JUDGE=openai or JUDGE=anthropic, or JUDGE_MODE=pointwise',
    });
  }
}

/** The createJudge settings a parsed config describes. */
export function judgeSettingsFromEnv(env: JudgeEnvFields): Omit<JudgeSettings, 'onWarning'> {
  return {
    judge: env.JUDGE,
    baseUrl: env.JUDGE_BASE_URL,
    model: env.JUDGE_MODEL,
    apiKey: env.JUDGE_API_KEY,
    timeoutMs: env.JUDGE_TIMEOUT_MS,
    mode: env.JUDGE_MODE,
  };
}
