/**
 * Whatever a client posts, /mcp answers with the transport's statuses and a JSON-RPC body (or
 * none), never a 5xx, and keeps serving. Bounded: a few hundred generated messages.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OPERATOR_KEY } from '../testing/fake-gateway.ts';
import type { McpTestApp } from '../testing/mcp-test-app.ts';
import { initializeMessage, postMcp, startMcpTestApp } from '../testing/mcp-test-app.ts';

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TOOL_NAMES = ['search_web', 'read_pages', 'search_sandbox', 'service_info', 'explain_signals', 'nope'];
const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'notifications/initialized',
  'resources/list',
  'logging/setLevel',
];

/** Messages near the protocol: real methods and tools with arbitrary params and arguments. */
const nearMessage = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.option(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { nil: undefined }),
    method: fc.constantFrom(...METHODS),
    params: fc.oneof(
      fc.record({
        name: fc.constantFrom(...TOOL_NAMES),
        arguments: fc.dictionary(
          fc.constantFrom('q', 'k', 'mode', 'rank', 'nocache', 'max_candidates', 'x'),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      }),
      fc.record({
        protocolVersion: fc.constantFrom('2025-03-26', '2025-06-18', '2025-11-25', '1999-01-01', ''),
        capabilities: fc.jsonValue({ maxDepth: 1 }),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: ['jsonrpc', 'method'] },
);

const anyBody = fc.oneof(
  nearMessage.map((m) => JSON.stringify(m)),
  fc.array(nearMessage, { maxLength: 3 }).map((batch) => JSON.stringify(batch)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
);

describe('POST /mcp with generated bodies', () => {
  it('never answers 5xx; every body is empty or a JSON-RPC message; the service stays up', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, fc.constantFrom(undefined, '2025-03-26', '2025-11-25'), async (body, version) => {
        // The fake gateway answers "hang" queries never; keep every search answerable.
        const safeBody = body.replaceAll('hang', 'hung');
        const response = await postMcp(t.url, safeBody, {
          'x-api-key': OPERATOR_KEY,
          ...(version ? { 'mcp-protocol-version': version } : {}),
        });
        expect(response.status).toBeLessThan(500);
        expect([200, 202, 400]).toContain(response.status);
        const text = await response.text();
        if (response.status === 202) {
          expect(text).toBe('');
          return;
        }
        const messages = (
          response.headers.get('content-type')?.startsWith('text/event-stream')
            ? text
                .split('\n')
                .filter((l) => l.startsWith('data:'))
                .map((l) => JSON.parse(l.slice(5)) as unknown)
            : [JSON.parse(text) as unknown]
        ).flat();
        for (const message of messages) expect(message).toMatchObject({ jsonrpc: '2.0' });
      }),
      { numRuns: 300 },
    );
    expect((await postMcp(t.url, initializeMessage('2025-11-25'))).status).toBe(200);
  });
});
