import { loadConfig } from '@rankgate/contracts/config';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { fetchEnv, fetchPolicyFromEnv, refineFetchEnv } from './fetch-env.ts';

const Schema = z
  .object({ BASE_URL: z.string().default('https://rankgate.test'), ...fetchEnv })
  .superRefine(refineFetchEnv);
const messageOf = (env: Record<string, string>): string => {
  try {
    loadConfig('test', Schema, env);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('the fetcher settings of a service config', () => {
  it('defaults to ports 80 and 443, five redirects, no allow-list, and a User-Agent naming the deployment', () => {
    const policy = fetchPolicyFromEnv(loadConfig('test', Schema, {}));
    expect(policy).toMatchObject({
      allowedPorts: [80, 443],
      maxRedirects: 5,
      connectTimeoutMs: 3_000,
      totalTimeoutMs: 10_000,
    });
    expect(policy.testAllowList).toBeUndefined();
    expect(policy.userAgent).toMatch(/^Rankgate\/\S+ \(\+https:\/\/rankgate\.test\/docs\/deep-mode\.md\)$/);
  });

  it('reads comma-separated lists', () => {
    const policy = fetchPolicyFromEnv(
      loadConfig('test', Schema, { FETCH_ALLOWED_PORTS: '80, 443,8443', FETCH_ALLOW_HOSTS: '127.0.0.1,pages.test' }),
    );
    expect(policy).toMatchObject({ allowedPorts: [80, 443, 8443], testAllowList: ['127.0.0.1', 'pages.test'] });
  });

  it('names what it refuses: the test allow-list in production, a bad port, more than 5 redirects', () => {
    expect(messageOf({ FETCH_ALLOW_HOSTS: '127.0.0.1', NODE_ENV: 'production' })).toMatch(
      /FETCH_ALLOW_HOSTS: is for tests only/,
    );
    expect(messageOf({ FETCH_ALLOWED_PORTS: '80,http' })).toMatch(/FETCH_ALLOWED_PORTS/);
    expect(messageOf({ FETCH_MAX_REDIRECTS: '9' })).toMatch(/FETCH_MAX_REDIRECTS/);
    expect(messageOf({ FETCH_USER_AGENT: 'a\nb' })).toMatch(/FETCH_USER_AGENT/);
  });
});
