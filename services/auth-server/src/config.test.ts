import { ConfigError, loadConfig } from '@rankgate/contracts/config';
import { describe, expect, it } from 'vitest';

import { AuthServerEnvSchema } from './config.ts';

const base = { INTERNAL_TOKEN: 'x'.repeat(40) };

describe('auth-server configuration', () => {
  it('starts with defaults: no trusted issuers, a 5-second claim interval, anonymous identities on', () => {
    const config = loadConfig('auth-server', AuthServerEnvSchema, base);
    expect(config).toMatchObject({
      IDJAG_TRUSTED_ISSUERS: [],
      SET_TRUSTED_ISSUERS: [],
      CLAIM_POLL_INTERVAL_S: 5,
      ANONYMOUS_IDENTITIES: 'enabled',
      OAUTH_TEST_CLIENT_ID: 'rankgate-test-client',
    });
    expect(config.AUTH_SIGNING_JWKS).toBeUndefined();
  });

  it('parses trusted issuers as JSON and names the variable when it is not JSON or lacks keys', () => {
    const issuers = [{ issuer: 'https://idp.example', jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }] } }];
    expect(
      loadConfig('auth-server', AuthServerEnvSchema, { ...base, SET_TRUSTED_ISSUERS: JSON.stringify(issuers) })
        .SET_TRUSTED_ISSUERS,
    ).toEqual(issuers);
    expect(() => loadConfig('auth-server', AuthServerEnvSchema, { ...base, SET_TRUSTED_ISSUERS: '[{' })).toThrow(
      /SET_TRUSTED_ISSUERS: must be valid JSON/,
    );
    expect(() =>
      loadConfig('auth-server', AuthServerEnvSchema, {
        ...base,
        IDJAG_TRUSTED_ISSUERS: '[{"issuer":"x","jwks":{"keys":[]}}]',
      }),
    ).toThrow(ConfigError);
  });

  it('takes an upstream OpenID Connect provider only with a client id and someone allowed to approve, over https', () => {
    const upstream = {
      UPSTREAM_OIDC_ISSUER: 'https://idp.example/tenant/',
      UPSTREAM_OIDC_CLIENT_ID: 'rg',
      UPSTREAM_OIDC_ALLOWED_EMAILS: ' a@example.org , b@example.org',
    };
    expect(loadConfig('auth-server', AuthServerEnvSchema, { ...base, ...upstream })).toMatchObject({
      UPSTREAM_OIDC_ISSUER: 'https://idp.example/tenant/',
      UPSTREAM_OIDC_ALLOWED_EMAILS: ['a@example.org', 'b@example.org'],
      UPSTREAM_OIDC_ALLOWED_SUBJECTS: [],
    });
    expect(() =>
      loadConfig('auth-server', AuthServerEnvSchema, { ...base, ...upstream, UPSTREAM_OIDC_CLIENT_ID: undefined }),
    ).toThrow(/UPSTREAM_OIDC_CLIENT_ID: is required/);
    expect(() =>
      loadConfig('auth-server', AuthServerEnvSchema, { ...base, ...upstream, UPSTREAM_OIDC_ALLOWED_EMAILS: '' }),
    ).toThrow(/UPSTREAM_OIDC_ALLOWED_SUBJECTS: or UPSTREAM_OIDC_ALLOWED_EMAILS must name who may approve/);
    const plain = { ...base, ...upstream, UPSTREAM_OIDC_ISSUER: 'http://127.0.0.1:9000' };
    expect(() => loadConfig('auth-server', AuthServerEnvSchema, plain)).toThrow(/UPSTREAM_OIDC_ISSUER: must be https/);
    expect(
      loadConfig('auth-server', AuthServerEnvSchema, { ...plain, FETCH_ALLOW_HOSTS: '127.0.0.1' }).UPSTREAM_OIDC_ISSUER,
    ).toBe('http://127.0.0.1:9000');
  });

  it('refuses a short operator key and hides its value', () => {
    let message = '';
    try {
      loadConfig('auth-server', AuthServerEnvSchema, { ...base, OPERATOR_API_KEY: 'short-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('OPERATOR_API_KEY');
    expect(message).not.toContain('short-secret');
  });
});
