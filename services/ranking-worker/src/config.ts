import {
  commonEnv,
  internalTokenField,
  portField,
  redisKeyPrefixField,
  redisUrlField,
} from '@rankgate/contracts/config';
import { PAGE_EXCERPT_MAX_CHARS } from '@rankgate/contracts';
import { fetchEnv, refineFetchEnv } from '@rankgate/platform/fetch';
import { judgeEnv, refineJudgeEnv } from '@rankgate/ranking';
import { z } from 'zod';

/** The ranking-worker service's environment, parsed once at start (see docs/configuration.md). */
export const RankingWorkerEnvSchema = z
  .object({
    ...commonEnv,
    RANKING_WORKER_PORT: portField(8084, 'Port of the ranking-worker service (internal).'),
    INTERNAL_TOKEN: internalTokenField,
    REDIS_URL: redisUrlField,
    REDIS_KEY_PREFIX: redisKeyPrefixField,
    RANKING_WORKER_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(12)
      .describe(
        'Deep-mode pages one ranking-worker process reads at once (fetch, extract, judge). Scale out with more processes.',
      ),
    PAGE_EXCERPT_CHARS: z.coerce
      .number()
      .int()
      .min(100)
      .max(PAGE_EXCERPT_MAX_CHARS)
      .default(1_000)
      .describe(
        "Deep mode: length of the best-matching excerpt every page result carries; a row's `content` is the page text cut at the request's `max_chars` (the excerpt serves a search service of the previous version).",
      ),
    PAGE_TEXT_MAX_CHARS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(200_000)
      .default(20_000)
      .describe('Deep mode: page text handed to the judge (an LLM judge cuts it further for its prompt).'),
    PAGE_JUDGE_RESERVE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30_000)
      .optional()
      .describe(
        'Deep mode: time kept back from a page fetch before the request deadline, for extraction and the judge. Default 100 ms with the local judge, 3000 ms with an LLM judge.',
      ),
    PAGE_EXTRACT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(30_000)
      .default(2_000)
      .describe('Deep mode: time one page may spend being parsed; a page over it reports page_status timeout.'),
    PAGE_EXTRACT_MEMORY_MB: z.coerce
      .number()
      .int()
      .min(32)
      .max(2_048)
      .default(128)
      .describe('Deep mode: heap one parsing thread may use (MiB); a page over it reports page_status timeout.'),
    PAGE_EXTRACT_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(16)
      .optional()
      .describe('Deep mode: threads parsing pages off the main event loop. Default: the CPU count, at most 4.'),
    ...fetchEnv,
    ...judgeEnv,
  })
  .superRefine((env, ctx) => {
    refineFetchEnv(env, ctx);
    refineJudgeEnv(env, ctx);
  });

export type RankingWorkerConfig = z.output<typeof RankingWorkerEnvSchema>;

/** What the fetch may use of a page job's time: all but the judge's share. */
export function judgeReserveMs(
  config: Pick<RankingWorkerConfig, 'PAGE_JUDGE_RESERVE_MS' | 'JUDGE' | 'JUDGE_TIMEOUT_MS'>,
): number {
  if (config.PAGE_JUDGE_RESERVE_MS !== undefined) return config.PAGE_JUDGE_RESERVE_MS;
  return config.JUDGE === 'local' ? 100 : Math.min(3_000, config.JUDGE_TIMEOUT_MS);
}
