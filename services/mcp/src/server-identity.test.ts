import { describe, expect, it } from 'vitest';

import { serverName } from './server-identity.ts';

describe('serverName', () => {
  it.each([
    ['https://search.example.com', 'com.example.search/rankgate'],
    ['https://Rankgate.Example:8443', 'example.rankgate/rankgate'],
    ['http://127.0.0.1:8080', 'local.rankgate/rankgate'],
    ['http://[::1]:8080', 'local.rankgate/rankgate'],
    ['http://localhost:8080', 'local.rankgate/rankgate'],
    ['http://rankgate:8080', 'local.rankgate/rankgate'],
  ])('%s → %s, a valid server-card name', (baseUrl, name) => {
    expect(serverName(baseUrl)).toBe(name);
    expect(name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  });
});
