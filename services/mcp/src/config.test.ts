import { ConfigError, loadConfig } from '@rankgate/contracts/config';
import { describe, expect, it } from 'vitest';

import { allowedOrigins, McpEnvSchema } from './config.ts';

const base = { INTERNAL_TOKEN: 'x'.repeat(32) };

describe('mcp configuration', () => {
  it('allows only the public origin by default', () => {
    const config = loadConfig('mcp', McpEnvSchema, { ...base, BASE_URL: 'https://search.example.com/' });
    expect(allowedOrigins(config)).toEqual(['https://search.example.com']);
    expect(config.GATEWAY_URL).toBe('http://127.0.0.1:8080');
  });

  it('a loopback public origin also accepts its loopback aliases on the same port, and nothing else', () => {
    const config = loadConfig('mcp', McpEnvSchema, { ...base, BASE_URL: 'http://127.0.0.1:8787' });
    expect(allowedOrigins(config)).toEqual(['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']);
    const listed = loadConfig('mcp', McpEnvSchema, {
      ...base,
      BASE_URL: 'http://localhost:8787',
      MCP_ALLOWED_ORIGINS: 'http://localhost:8787',
    });
    expect(allowedOrigins(listed)).toEqual(['http://localhost:8787']);
  });

  it('reads a comma-separated origin list, normalised', () => {
    const config = loadConfig('mcp', McpEnvSchema, {
      ...base,
      MCP_ALLOWED_ORIGINS: 'https://App.Example.com/, http://127.0.0.1:6274',
    });
    expect(allowedOrigins(config)).toEqual(['https://app.example.com', 'http://127.0.0.1:6274']);
  });

  it('refuses an entry that is not an origin, naming it', () => {
    expect(() =>
      loadConfig('mcp', McpEnvSchema, { ...base, MCP_ALLOWED_ORIGINS: 'https://ok.example, not-an-origin' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig('mcp', McpEnvSchema, { ...base, MCP_ALLOWED_ORIGINS: 'not-an-origin' })).toThrow(
      /MCP_ALLOWED_ORIGINS: "not-an-origin" is not an origin/,
    );
  });
});
