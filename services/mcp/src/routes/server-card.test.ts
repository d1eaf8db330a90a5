import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { McpTestApp } from '../testing/mcp-test-app.ts';
import { BASE_URL, GATEWAY_HEADERS, initializeMessage, postMcp, startMcpTestApp } from '../testing/mcp-test-app.ts';
import { OFFERED_PROTOCOL_VERSIONS } from '../transport/protocol-versions.ts';
import { SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATHS, SERVER_CARD_SCHEMA } from './server-card.ts';

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { headers: { ...GATEWAY_HEADERS, ...headers } });

describe('server card (§1.8 check 15)', () => {
  it.each(SERVER_CARD_PATHS)('GET %s: 200, the card media type, CORS *, cacheable, with an ETag', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(
      new RegExp(`^${SERVER_CARD_MEDIA_TYPE.replace(/[+]/g, '\\+')}`),
    );
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
  });

  it("follows the v1 schema's rules and matches the runtime serverInfo and revisions", async () => {
    const card = (await (await get('/mcp/server-card')).json()) as Record<string, unknown>;
    const legacy = (await (await get('/.well-known/mcp/server-card.json')).json()) as Record<string, unknown>;
    expect(legacy).toEqual(card);
    expect(card.$schema).toBe(SERVER_CARD_SCHEMA);
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(String(card.name).length).toBeLessThanOrEqual(200);
    expect(String(card.description).length).toBeGreaterThan(0);
    expect(String(card.description).length).toBeLessThanOrEqual(100);
    expect(card.remotes).toEqual([
      { type: 'streamable-http', url: `${BASE_URL}/mcp`, supportedProtocolVersions: [...OFFERED_PROTOCOL_VERSIONS] },
    ]);

    const init = (await (await postMcp(t.url, initializeMessage('2025-11-25'))).json()) as {
      result: { serverInfo: Record<string, unknown> };
    };
    const { serverInfo } = init.result;
    expect({
      name: card.name,
      version: card.version,
      title: card.title,
      description: card.description,
      websiteUrl: card.websiteUrl,
    }).toEqual(serverInfo);
  });

  it('carries no secret and no internal address', async () => {
    const text = await (await get('/mcp/server-card')).text();
    expect(text).not.toContain(t.gateway.url);
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain(GATEWAY_HEADERS['x-internal-token']);
  });

  it('answers 304 to a matching If-None-Match, and the CORS preflight', async () => {
    const etag = (await get('/mcp/server-card')).headers.get('etag') ?? '';
    const revalidated = await get('/mcp/server-card', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const preflight = await fetch(`${t.url}/mcp/server-card`, {
      method: 'OPTIONS',
      headers: {
        ...GATEWAY_HEADERS,
        origin: 'https://elsewhere.example',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('If-None-Match');
  });

  it("is readable from any origin (the MCP endpoint's Origin check does not apply)", async () => {
    expect((await get('/mcp/server-card', { origin: 'https://elsewhere.example' })).status).toBe(200);
  });
});
