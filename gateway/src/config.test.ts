import { ConfigError, loadConfig } from '@rankgate/contracts/config';
import { describe, expect, it } from 'vitest';

import { GatewayEnvSchema } from './config.ts';

const base = { INTERNAL_TOKEN: 't'.repeat(32) };
const DEMO_KEY = 'demo-key-0123456789';

const failure = (env: Record<string, string>): string => {
  try {
    loadConfig('gateway', GatewayEnvSchema, { ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('gateway demo-mode settings', () => {
  it('defaults to demo mode disabled without a demo key, also when compose passes them empty', () => {
    for (const env of [{}, { DEMO_MODE: '', DEMO_API_KEY: '' }]) {
      const config = loadConfig('gateway', GatewayEnvSchema, { ...base, ...env });
      expect(config.DEMO_MODE).toBe('disabled');
      expect(config.DEMO_API_KEY).toBeUndefined();
    }
  });

  it('accepts demo mode with its key', () => {
    expect(
      loadConfig('gateway', GatewayEnvSchema, { ...base, DEMO_MODE: 'enabled', DEMO_API_KEY: DEMO_KEY }),
    ).toMatchObject({ DEMO_MODE: 'enabled', DEMO_API_KEY: DEMO_KEY });
  });

  it('refuses DEMO_MODE=enabled without DEMO_API_KEY, naming the variable', () => {
    expect(failure({ DEMO_MODE: 'enabled' })).toMatch(/DEMO_API_KEY: is required when DEMO_MODE=enabled/);
  });

  it('refuses a short demo key without printing it, and an unknown mode', () => {
    const message = failure({ DEMO_MODE: 'enabled', DEMO_API_KEY: 'short-demo' });
    expect(message).toMatch(/DEMO_API_KEY: must be at least 16 characters.*value hidden/);
    expect(message).not.toContain('short-demo');
    expect(failure({ DEMO_MODE: 'on' })).toMatch(/DEMO_MODE: .*"on"/);
  });
});
