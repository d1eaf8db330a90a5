/**
 * The raw HTTP checks of the MCP tester checklist (standards.md § 1.8), against the real app over
 * a socket, as the gateway forwards calls to it.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { McpTestApp } from '../testing/mcp-test-app.ts';
import {
  ACCEPT_BOTH,
  BASE_URL,
  GATEWAY_HEADERS,
  initializeMessage,
  postMcp,
  sseMessages,
  startMcpTestApp,
} from '../testing/mcp-test-app.ts';
import { asGateway, OPERATOR_KEY } from '../testing/fake-gateway.ts';

interface RpcResponse {
  jsonrpc: string;
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const json = async (response: Response): Promise<RpcResponse> => (await response.json()) as RpcResponse;
const call = (name: string, args: unknown, id = 7) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('POST basics (§1.8 checks 1-4)', () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    'initialize %s: 200 JSON, the revision echoed, serverInfo and tools capability, no session id',
    async (version) => {
      const response = await postMcp(t.url, initializeMessage(version));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      const body = await json(response);
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: version,
          capabilities: { tools: {} },
          serverInfo: { name: 'test.rankgate/rankgate', title: 'Rankgate' },
        },
      });
      expect(body.result?.instructions).toContain('top 1-2');
    },
  );

  it.each(['1999-01-01', '2024-11-05'])(
    'initialize asking for %s gets the latest revision this server offers',
    async (version) => {
      const body = await json(await postMcp(t.url, initializeMessage(version)));
      expect(body.result?.protocolVersion).toBe('2025-11-25');
    },
  );

  it('notifications/initialized answers 202 with an empty body', async () => {
    const response = await postMcp(
      t.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('Accept without text/event-stream is 406; a non-JSON Content-Type is 415; malformed JSON is 400 with -32700', async () => {
    const notAcceptable = await postMcp(t.url, initializeMessage('2025-06-18'), { accept: 'application/json' });
    expect(notAcceptable.status).toBe(406);
    expect((await json(notAcceptable)).error?.code).toBe(-32000);
    const unsupported = await postMcp(t.url, initializeMessage('2025-06-18'), { 'content-type': 'text/plain' });
    expect(unsupported.status).toBe(415);
    const malformed = await postMcp(t.url, '{"jsonrpc":"2.0",', {});
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error?.code).toBe(-32700);
  });

  it('a body over the size limit is 413 as a JSON-RPC error, and the service keeps serving', async () => {
    const huge = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_web', arguments: { q: 'x'.repeat(300 * 1024) } },
    };
    const response = await postMcp(t.url, huge);
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect((await postMcp(t.url, initializeMessage('2025-11-25'))).status).toBe(200);
  });

  it('a body that is JSON but no JSON-RPC message is 400', async () => {
    const response = await postMcp(t.url, { hello: 'world' });
    expect(response.status).toBe(400);
    expect((await json(response)).id).toBeNull();
  });
});

describe('version header (§1.8 check 5)', () => {
  it.each(['1999-01-01', '2024-11-05'])(
    'MCP-Protocol-Version %s is 400, naming the supported revisions',
    async (version) => {
      const response = await postMcp(
        t.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { 'mcp-protocol-version': version },
      );
      expect(response.status).toBe(400);
      expect((await json(response)).error?.message).toContain('2025-03-26');
    },
  );

  it('a missing header is read as 2025-03-26 and accepted', async () => {
    const response = await postMcp(t.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(response.status).toBe(200);
    expect((await json(response)).result?.tools).toBeInstanceOf(Array);
  });
});

describe('stateless: GET and DELETE (§1.8 check 7)', () => {
  it.each(['GET', 'DELETE', 'HEAD'])(
    '%s /mcp answers 405 with Allow: POST at once (no stream left open)',
    async (method) => {
      const response = await fetch(`${t.url}/mcp`, {
        method,
        headers: { ...GATEWAY_HEADERS, accept: 'text/event-stream' },
        signal: AbortSignal.timeout(3000),
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      if (method !== 'HEAD') expect((await json(response)).error?.code).toBe(-32000);
    },
  );

  it('/.well-known/mcp is the same endpoint', async () => {
    const body = await json(await postMcp(t.url, initializeMessage('2025-11-25'), {}, '/.well-known/mcp'));
    expect(body.result?.protocolVersion).toBe('2025-11-25');
    expect((await fetch(`${t.url}/.well-known/mcp`, { headers: GATEWAY_HEADERS })).status).toBe(405);
  });
});

describe('Origin (§1.8 check 8)', () => {
  it('a foreign Origin is 403 with a JSON-RPC error; the public origin and a missing Origin are served', async () => {
    for (const origin of ['https://evil.example', 'null', 'not a url']) {
      const refused = await postMcp(t.url, initializeMessage('2025-11-25'), { origin });
      expect(refused.status, origin).toBe(403);
      expect(await json(refused)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    }
    expect((await postMcp(t.url, initializeMessage('2025-11-25'), { origin: BASE_URL })).status).toBe(200);
    expect((await postMcp(t.url, initializeMessage('2025-11-25'))).status).toBe(200);
  });

  it('a foreign Origin is refused on GET too, before the 405', async () => {
    const response = await fetch(`${t.url}/mcp`, { headers: { ...GATEWAY_HEADERS, origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });
});

describe('batches (§1.8 check 9)', () => {
  const batch = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 2, method: 'ping' },
  ];

  it.each(['2025-06-18', '2025-11-25'])('under %s a batch is 400 -32600', async (version) => {
    const response = await postMcp(t.url, batch, { 'mcp-protocol-version': version });
    expect(response.status).toBe(400);
    expect((await json(response)).error?.code).toBe(-32600);
  });

  it('an empty batch is 400 -32600 (JSON-RPC 2.0)', async () => {
    const response = await postMcp(t.url, []);
    expect(response.status).toBe(400);
    expect((await json(response)).error?.code).toBe(-32600);
  });

  it('under 2025-03-26 (header or none) a batch gets one response per request', async () => {
    for (const headers of [{ 'mcp-protocol-version': '2025-03-26' }, {}] as Record<string, string>[]) {
      const response = await postMcp(t.url, batch, headers);
      expect(response.status).toBe(200);
      const body = (await response.json()) as RpcResponse[];
      expect(body.map((r) => r.id).sort()).toEqual([1, 2]);
      expect(body.find((r) => r.id === 1)?.result?.tools).toBeInstanceOf(Array);
    }
  });
});

describe('tools (§1.8 checks 10-12)', () => {
  it('every tool has a name of at most 64 [A-Za-z0-9_./-], an object inputSchema and an object outputSchema', async () => {
    const body = await json(
      await postMcp(t.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' }),
    );
    const tools = body.result?.tools as {
      name: string;
      inputSchema: { type: string };
      outputSchema?: { type: string };
      description: string;
    }[];
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_web',
      'read_pages',
      'search_sandbox',
      'service_info',
      'explain_signals',
    ]);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_./-]{1,64}$/);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
    }
    const search = tools[0]!;
    expect(search.description).toContain('top 1-2');
    expect(search.inputSchema).toMatchObject({
      required: ['q'],
      additionalProperties: false,
      properties: {
        q: { type: 'string', minLength: 1, maxLength: 500 },
        k: { type: 'integer', minimum: 1, maximum: 25, default: 10 },
        max_candidates: { minimum: 1, maximum: 100, default: 50 },
        mode: { enum: ['snip', 'deep'], default: 'snip' },
        rank: { enum: ['on', 'off'] },
        nocache: { type: 'boolean', default: false },
      },
    });
  });

  it('search_web: structuredContent validates against outputSchema and a text block carries the same JSON', async () => {
    const list = await json(
      await postMcp(t.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' }),
    );
    const outputSchema = (list.result?.tools as { name: string; outputSchema: object }[]).find(
      (tool) => tool.name === 'search_web',
    )!.outputSchema;
    const body = await json(
      await postMcp(t.url, call('search_web', { q: 'ocean tides', k: 2 }), {
        'mcp-protocol-version': '2025-11-25',
        'x-api-key': OPERATOR_KEY,
      }),
    );
    const result = body.result as {
      structuredContent: Record<string, unknown>;
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    expect(result.isError).toBeFalsy();
    const validation = new AjvJsonSchemaValidator().getValidator(outputSchema as never)(result.structuredContent);
    expect(validation.errorMessage).toBeUndefined();
    expect(validation.valid).toBe(true);
    // One text block, the rendering: a JSON copy would carry the web text outside the boundary markers.
    expect(result.content).toHaveLength(1);
    expect(result.content[0]?.text).toMatch(/<<<untrusted-[0-9a-f]{16}>>>/);
    expect(result.structuredContent).toMatchObject({ meta: { experimental: 'additive field' } });
  });

  it('an unknown tool is a JSON-RPC -32602 error; invalid arguments are an isError result naming the field', async () => {
    const unknown = await json(await postMcp(t.url, call('search_everything', { q: 'x' })));
    expect(unknown.error?.code).toBe(-32602);
    expect(unknown.error?.message).toContain('search_web');
    const invalid = await json(
      await postMcp(t.url, call('search_web', { q: 'tides', k: 99 }), { 'x-api-key': OPERATOR_KEY }),
    );
    expect(invalid.result).toMatchObject({ isError: true });
    expect(JSON.stringify(invalid.result)).toContain('VALIDATION_ERROR');
    expect(JSON.stringify(invalid.result)).toContain('`k` must be an integer from 1 to 25');
    for (const helper of ['search_sandbox', 'service_info', 'explain_signals']) {
      const refused = await json(await postMcp(t.url, call(helper, { q: 'tides' })));
      expect(refused.result, helper).toMatchObject({
        isError: true,
        content: [
          {
            type: 'text',
            text: expect.stringContaining(`BAD_REQUEST (HTTP 400): ${helper} takes no arguments (got q)`),
          },
        ],
      });
    }
  });
});

describe('response mode', () => {
  it('a request with a progress token is answered as an event stream carrying progress, then the result', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'search_web', arguments: { q: 'ocean tides' }, _meta: { progressToken: 'p-1' } },
    };
    const response = await postMcp(t.url, message, { 'x-api-key': OPERATOR_KEY, 'mcp-protocol-version': '2025-11-25' });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const messages = sseMessages(await response.text()) as {
      method?: string;
      id?: number;
      params?: { progressToken: string; progress: number };
    }[];
    const progress = messages.filter((m) => m.method === 'notifications/progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((m) => m.params?.progressToken === 'p-1')).toBe(true);
    expect(messages.at(-1)).toMatchObject({ id: 9, result: { structuredContent: { meta: { query: 'ocean tides' } } } });
  });

  it.each([
    ['JSON', {}],
    ['SSE', { _meta: { progressToken: 'p-cancel' } }],
  ])('a client that disconnects during a call (%s reply) aborts the gateway call', async (_mode, extra) => {
    const controller = new AbortController();
    const message = {
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/call',
      params: { name: 'search_web', arguments: { q: 'hang' }, ...extra },
    };
    const pending = fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { ...GATEWAY_HEADERS, ...ACCEPT_BOTH, ...asGateway({ 'x-api-key': OPERATOR_KEY }) },
      body: JSON.stringify(message),
      signal: controller.signal,
    })
      .then((response) => response.text())
      .catch(() => 'aborted');
    await waitFor(() => t.gateway.searches().some((c) => (c.body as { q?: string }).q === 'hang' && !c.aborted));
    controller.abort();
    expect(await pending).toBe('aborted');
    await waitFor(() =>
      t.gateway
        .searches()
        .filter((c) => (c.body as { q?: string }).q === 'hang')
        .every((c) => c.aborted),
    );
  });

  it('requests reach the service only with the internal token (the gateway adds it)', async () => {
    const response = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: ACCEPT_BOTH,
      body: JSON.stringify(initializeMessage('2025-11-25')),
    });
    expect(response.status).toBe(401);
  });
});
