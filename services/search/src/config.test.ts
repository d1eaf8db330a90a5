import { loadConfig } from '@rankgate/contracts/config';
import { describe, expect, it } from 'vitest';

import { SearchEnvSchema } from './config.ts';

const INTERNAL_TOKEN = 'x'.repeat(32);
const messageOf = (env: Record<string, string>): string => {
  try {
    loadConfig('search', SearchEnvSchema, { INTERNAL_TOKEN, ...env });
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('the search service config', () => {
  it('needs nothing but the internal token (wikipedia, local judge)', () => {
    expect(loadConfig('search', SearchEnvSchema, { INTERNAL_TOKEN })).toMatchObject({
      DISCOVER_PROVIDER: ['wikipedia'],
      DISCOVER_STRATEGY: 'parallel',
      JUDGE: 'local',
    });
  });

  it('refuses to start an LLM judge without its settings, naming them', () => {
    const openai = messageOf({ JUDGE: 'openai' });
    expect(openai).toMatch(/JUDGE_BASE_URL: is required when JUDGE=openai/);
    expect(openai).toMatch(/JUDGE_MODEL: is required when JUDGE=openai/);
    expect(messageOf({ JUDGE: 'anthropic', JUDGE_MODEL: 'claude' })).toMatch(
      /JUDGE_API_KEY: is required when JUDGE=anthropic/,
    );
    expect(messageOf({ JUDGE: 'openai', JUDGE_BASE_URL: 'http://127.0.0.1:11434/v1', JUDGE_MODEL: 'llama3' })).toBe('');
  });

  it('takes JUDGE_MODE=listwise for an LLM judge only, and names an unknown mode', () => {
    const llm = { JUDGE: 'openai', JUDGE_BASE_URL: 'http://127.0.0.1:11434/v1', JUDGE_MODEL: 'llama3' };
    expect(loadConfig('search', SearchEnvSchema, { INTERNAL_TOKEN, ...llm, JUDGE_MODE: 'listwise' })).toMatchObject({
      JUDGE_MODE: 'listwise',
    });
    expect(loadConfig('search', SearchEnvSchema, { INTERNAL_TOKEN })).toMatchObject({ JUDGE_MODE: 'pointwise' });
    expect(messageOf({ JUDGE_MODE: 'listwise' })).toMatch(
      /JUDGE_MODE: listwise needs an LLM judge: set JUDGE=openai or JUDGE=anthropic/,
    );
    expect(messageOf({ ...llm, JUDGE_MODE: 'pairwise' })).toMatch(/JUDGE_MODE/);
  });

  it('takes a comma-separated provider list, each name known and once', () => {
    expect(
      loadConfig('search', SearchEnvSchema, {
        INTERNAL_TOKEN,
        DISCOVER_PROVIDER: 'brave, searxng,wikipedia',
        DISCOVER_STRATEGY: 'fallback',
      }),
    ).toMatchObject({ DISCOVER_PROVIDER: ['brave', 'searxng', 'wikipedia'], DISCOVER_STRATEGY: 'fallback' });
    expect(messageOf({ DISCOVER_PROVIDER: 'brave,bing' })).toMatch(/DISCOVER_PROVIDER.*must be one of/);
    expect(messageOf({ DISCOVER_PROVIDER: 'brave,brave' })).toMatch(/DISCOVER_PROVIDER.*twice/);
    expect(messageOf({ DISCOVER_PROVIDER: ' , ' })).toMatch(/DISCOVER_PROVIDER.*at least one/);
    expect(messageOf({ DISCOVER_STRATEGY: 'random' })).toMatch(/DISCOVER_STRATEGY/);
  });

  it('names an unknown provider or judge', () => {
    expect(messageOf({ DISCOVER_PROVIDER: 'bing' })).toMatch(/DISCOVER_PROVIDER/);
    expect(messageOf({ JUDGE: 'gpt' })).toMatch(/JUDGE/);
  });

  it('bounds deep mode: at most 12 pages, a deadline of 1-60 s', () => {
    expect(loadConfig('search', SearchEnvSchema, { INTERNAL_TOKEN })).toMatchObject({
      DEEP_MAX_PAGES: 12,
      DEEP_DEADLINE_MS: 15_000,
      DEEP_JOB_ATTEMPTS: 3,
    });
    expect(messageOf({ DEEP_MAX_PAGES: '13' })).toMatch(/DEEP_MAX_PAGES/);
    expect(messageOf({ DEEP_DEADLINE_MS: '500' })).toMatch(/DEEP_DEADLINE_MS/);
  });
});
