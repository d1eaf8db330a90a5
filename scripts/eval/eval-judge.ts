/** The eval's judges: built by the same factory, from the same variables, as the search service's. */
import type { Judge, JudgeName } from '@rankgate/ranking';
import { createJudge as createSharedJudge, JUDGES } from '@rankgate/ranking';

export const JUDGE_NAMES = JUDGES;

/** The requested judge cannot be built (unknown name, or a setting is missing). */
export class JudgeUnavailableError extends Error {
  readonly judge: string;
  constructor(judge: string, detail: string) {
    super(`The "${judge}" judge is not available: ${detail}`);
    this.judge = judge;
    this.name = 'JudgeUnavailableError';
  }
}

/**
 * The eval's judge, from the same factory and the same variables as the search service:
 * JUDGE_BASE_URL, JUDGE_MODEL, JUDGE_API_KEY (see docs/configuration.md).
 */
export async function createJudge(name: string, env: NodeJS.ProcessEnv = process.env): Promise<Judge> {
  if (!(JUDGES as readonly string[]).includes(name))
    throw new JudgeUnavailableError(name, `unknown judge (choose ${JUDGES.join(', ')})`);
  try {
    return createSharedJudge({
      judge: name as JudgeName,
      ...(env.JUDGE_BASE_URL ? { baseUrl: env.JUDGE_BASE_URL } : {}),
      ...(env.JUDGE_MODEL ? { model: env.JUDGE_MODEL } : {}),
      ...(env.JUDGE_API_KEY ? { apiKey: env.JUDGE_API_KEY } : {}),
    });
  } catch (error) {
    throw new JudgeUnavailableError(name, error instanceof Error ? error.message : String(error));
  }
}
