import { loadConfig } from '@rankgate/contracts/config';
import { fetchPolicyFromEnv } from '@rankgate/platform/fetch';
import { describe, expect, it } from 'vitest';

import { judgeReserveMs, RankingWorkerEnvSchema } from './config.ts';

const INTERNAL_TOKEN = 'w'.repeat(32);
const messageOf = (env: Record<string, string>): string => {
  try {
    loadConfig('ranking-worker', RankingWorkerEnvSchema, { INTERNAL_TOKEN, ...env });
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('the ranking-worker config', () => {
  it('needs nothing but the internal token: 12 pages at a time, the local judge, ports 80 and 443, no allow-list', () => {
    const config = loadConfig('ranking-worker', RankingWorkerEnvSchema, { INTERNAL_TOKEN });
    expect(config).toMatchObject({ RANKING_WORKER_CONCURRENCY: 12, JUDGE: 'local', PAGE_EXCERPT_CHARS: 1_000 });
    expect(fetchPolicyFromEnv(config)).toMatchObject({
      allowedPorts: [80, 443],
      maxRedirects: 5,
      perHostConcurrency: 2,
    });
    expect(fetchPolicyFromEnv(config).testAllowList).toBeUndefined();
    expect(judgeReserveMs(config)).toBe(100);
  });

  it('keeps more time for an LLM judge, unless told otherwise', () => {
    const llm = { JUDGE: 'openai', JUDGE_BASE_URL: 'http://127.0.0.1:11434/v1', JUDGE_MODEL: 'llama3' };
    expect(judgeReserveMs(loadConfig('ranking-worker', RankingWorkerEnvSchema, { INTERNAL_TOKEN, ...llm }))).toBe(
      3_000,
    );
    expect(
      judgeReserveMs(
        loadConfig('ranking-worker', RankingWorkerEnvSchema, { INTERNAL_TOKEN, ...llm, PAGE_JUDGE_RESERVE_MS: '1500' }),
      ),
    ).toBe(1_500);
  });

  it('refuses to start with the test allow-list in production, an LLM judge without its settings, or a bad limit', () => {
    expect(messageOf({ FETCH_ALLOW_HOSTS: '127.0.0.1', NODE_ENV: 'production' })).toMatch(
      /FETCH_ALLOW_HOSTS: is for tests only/,
    );
    expect(messageOf({ JUDGE: 'anthropic' })).toMatch(/JUDGE_MODEL: is required when JUDGE=anthropic/);
    expect(messageOf({ RANKING_WORKER_CONCURRENCY: '0' })).toMatch(/RANKING_WORKER_CONCURRENCY/);
    expect(messageOf({ PAGE_EXCERPT_CHARS: '5000' })).toMatch(/PAGE_EXCERPT_CHARS/);
    expect(messageOf({ FETCH_ALLOW_HOSTS: '127.0.0.1' })).toBe('');
  });
});
