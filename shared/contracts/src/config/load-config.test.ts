import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { commonEnv, internalTokenField, portField } from './env-fields.ts';
import { ConfigError, loadConfig } from './load-config.ts';

const schema = z.object({ ...commonEnv, PORT: portField(8080, 'port'), INTERNAL_TOKEN: internalTokenField });
const token = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig('test', schema, { INTERNAL_TOKEN: token, PORT: '9000' });
    expect(config).toMatchObject({
      PORT: 9000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BASE_URL: 'http://127.0.0.1:8080',
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig('test', schema, { INTERNAL_TOKEN: token, PORT: '' }).PORT).toBe(8080);
  });

  it('names every bad variable and hides secret values', () => {
    let message = '';
    try {
      loadConfig('gateway', schema, { INTERNAL_TOKEN: 'short-secret-value', PORT: 'eighty', BASE_URL: 'ftp://x' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('gateway: invalid configuration');
    expect(message).toMatch(/PORT: .*"eighty"/);
    expect(message).toMatch(/BASE_URL: must be an http\(s\) URL/);
    expect(message).toMatch(/INTERNAL_TOKEN: must be at least 32 characters.*value hidden/);
    expect(message).not.toContain('short-secret-value');
  });

  it('strips a trailing slash from BASE_URL', () => {
    expect(
      loadConfig('test', schema, { INTERNAL_TOKEN: token, BASE_URL: 'https://search.example.com/' }).BASE_URL,
    ).toBe('https://search.example.com');
  });
});
