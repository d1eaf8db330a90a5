/**
 * The official SDK client (`Client` + `StreamableHTTPClientTransport`) against the real app and a
 * fake gateway speaking the REST contract: each revision connects, lists the tools and calls them;
 * the SDK client itself validates `structuredContent` against each tool's `outputSchema`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { ExtractResponseSchema, SearchResponseSchema, SIGNAL_NAMES } from '@rankgate/contracts';
import { SERVICE_VERSION } from '@rankgate/platform/version';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ServiceInfoSchema } from './tools/service-info.ts';
import {
  ANONYMOUS_TOKEN,
  asGateway,
  OPERATOR_KEY,
  RATE_LIMIT_POLICY,
  SEARCH_READ_TOKEN,
} from './testing/fake-gateway.ts';
import type { McpTestApp } from './testing/mcp-test-app.ts';
import { BASE_URL, CLIENT_IP, GATEWAY_HEADERS, INTERNAL_TOKEN, startMcpTestApp } from './testing/mcp-test-app.ts';

const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;

/**
 * The SDK client always offers its latest revision; a client of an older revision is reproduced by
 * rewriting the offer in the initialize request. Everything after that (the version header, the
 * handling of the answer) is the SDK's own behaviour for the negotiated revision.
 */
function fetchOffering(revision: string, seen: { versionHeaders: (string | null)[] }): typeof fetch {
  return async (input, init) => {
    let body = init?.body;
    if (typeof body === 'string' && body.includes('"method":"initialize"')) {
      const message = JSON.parse(body) as { params: { protocolVersion: string } };
      message.params.protocolVersion = revision;
      body = JSON.stringify(message);
    }
    seen.versionHeaders.push(new Headers(init?.headers).get('mcp-protocol-version'));
    return fetch(input, { ...init, ...(body === undefined ? {} : { body }) });
  };
}

let t: McpTestApp;
const clients: Client[] = [];

async function connect(
  credential: Record<string, string>,
  revision: string = '2025-11-25',
  seen = { versionHeaders: [] as (string | null)[] },
) {
  const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
    // The gateway in front adds these; here the test plays the gateway.
    requestInit: { headers: { ...GATEWAY_HEADERS, ...asGateway(credential) } },
    fetch: fetchOffering(revision, seen),
  });
  const client = new Client({ name: 'sdk-client-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(transport);
  return { client, transport, seen };
}

const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

beforeAll(async () => {
  t = await startMcpTestApp({ MCP_PROGRESS_INTERVAL_MS: 100 }, { slowMs: 700 });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await t?.close();
});

describe('the official SDK client', () => {
  it.each(REVISIONS)(
    'connects with %s, lists the tools and calls search_web with the operator API key',
    async (revision) => {
      const { client, transport, seen } = await connect({ 'x-api-key': OPERATOR_KEY }, revision);
      expect(transport.protocolVersion).toBe(revision);
      expect(client.getServerVersion()).toMatchObject({ name: 'test.rankgate/rankgate', version: SERVICE_VERSION });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'search_web',
        'read_pages',
        'search_sandbox',
        'service_info',
        'explain_signals',
      ]);
      // callTool throws when structuredContent does not match the listed outputSchema.
      const result = (await client.callTool({
        name: 'search_web',
        arguments: { q: 'ocean tides', k: 2 },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const response = SearchResponseSchema.parse(result.structuredContent);
      expect(response.results.map((row) => row.rank)).toEqual([1, 2]);
      expect(textOf(result)).toMatch(/1\. source1\.example\.org [\s\S]*title: Source 1 about tides/);
      // After initialize the SDK sends the negotiated revision on every request.
      expect(seen.versionHeaders.slice(1).every((header) => header === revision)).toBe(true);
    },
  );

  it('sends search_web straight to the search service: internal token, the caller the gateway resolved, request id, client IP and trace, never the credential', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const { client } = await connect({
      authorization: `Bearer ${SEARCH_READ_TOKEN}`,
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    const before = t.gateway.searches().length;
    const result = (await client.callTool({
      name: 'search_web',
      arguments: { q: 'how do tides work', mode: 'deep', k: 3 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const [search] = t.gateway.searches().slice(before);
    expect(search?.headers).toMatchObject({ 'x-internal-token': INTERNAL_TOKEN, 'x-rankgate-client-ip': CLIENT_IP });
    expect(JSON.parse(String(search?.headers['x-rankgate-caller']))).toEqual({
      kind: 'token',
      scopes: ['search:read', 'mcp:invoke'],
      subject: 'agent-with-search',
      client_id: 'test-client',
    });
    expect(search?.headers.authorization).toBeUndefined();
    expect(search?.headers['x-api-key']).toBeUndefined();
    // The trace continues: same trace id, the mcp service's own span as parent.
    expect(search?.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-(?!00f067aa0ba902b7)[0-9a-f]{16}-01$`));
    expect(search?.body).toEqual({
      q: 'how do tides work',
      k: 3,
      max_candidates: 50,
      mode: 'deep',
      rank: 'on',
      nocache: false,
      max_chars: 8000,
      strict_dates: false,
    });
    // One request id from the MCP call through the search response.
    expect(SearchResponseSchema.parse(result.structuredContent).meta.request_id).toBe(search?.headers['x-request-id']);
  });

  it('an anonymous identity calls the helper tools; search_web is refused with the guidance to claim', async () => {
    const { client } = await connect({ authorization: `Bearer ${ANONYMOUS_TOKEN}` });
    const before = t.gateway.searches().length;
    for (const name of ['search_sandbox', 'service_info', 'explain_signals']) {
      const result = (await client.callTool({ name, arguments: {} })) as CallToolResult;
      expect(result.isError, name).toBeFalsy();
    }
    // The helper tools never touch the counted search route.
    expect(t.gateway.searches().length).toBe(before);
    const refused = (await client.callTool({ name: 'search_web', arguments: { q: 'ocean tides' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const text = textOf(refused);
    expect(text).toContain('FORBIDDEN (HTTP 403)');
    expect(text).toContain('search:read');
    expect(text).toContain(`POST ${BASE_URL}/agent/identity`);
    expect(text).toContain(`${BASE_URL}/agent/identity/claim`);
    expect(text).toContain('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(text).toContain(`${BASE_URL}/auth.md`);
  });

  it('without a credential search_web is refused as unauthorized, with the same guidance', async () => {
    const { client } = await connect({});
    const refused = (await client.callTool({ name: 'search_web', arguments: { q: 'ocean tides' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/UNAUTHORIZED \(HTTP 401\)[\s\S]*\/agent\/identity/);
  });

  it.each([
    ['rate limited', 'RATE_LIMITED (HTTP 429)', 'Retry after 7 s.'],
    ['demo exhausted', 'DEMO_EXHAUSTED (HTTP 429)', 'register an agent identity'],
    ['upstream down', 'UPSTREAM_ERROR (HTTP 502)', 'Retry with exponential backoff'],
    ['garbage', 'UPSTREAM_ERROR (HTTP 502)', 'does not match the search contract'],
  ])('gateway answer for "%s" becomes an isError result with the code and the remedy', async (q, code, remedy) => {
    const { client } = await connect({ 'x-api-key': OPERATOR_KEY });
    const result = (await client.callTool({ name: 'search_web', arguments: { q } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(code);
    expect(textOf(result)).toContain(remedy);
  });

  it('invalid arguments are refused before any gateway call, naming the field and the allowed values', async () => {
    const { client } = await connect({ 'x-api-key': OPERATOR_KEY });
    const before = t.gateway.searches().length;
    const cases: [Record<string, unknown>, string][] = [
      [{ q: 'tides', mode: 'fast' }, 'BAD_REQUEST (HTTP 400): `mode` must be "snip" or "deep"'],
      [{ q: 'tides', max_candidate: 5 }, 'BAD_REQUEST (HTTP 400): `max_candidate` is not a search option'],
      [{ q: '' }, 'VALIDATION_ERROR (HTTP 422): `q` must be 1-500 characters'],
      [{}, 'VALIDATION_ERROR (HTTP 422): `q` is required'],
    ];
    for (const [args, expected] of cases) {
      const result = (await client.callTool({ name: 'search_web', arguments: args })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(expected);
    }
    expect(t.gateway.searches().length).toBe(before);
  });

  it('sends progress for a call with a progress token: phases and heartbeats, growing, the last one complete', async () => {
    const { client } = await connect({ 'x-api-key': OPERATOR_KEY });
    const updates: { progress: number; total?: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'search_web', arguments: { q: 'slow', mode: 'deep' } },
      CallToolResultSchema,
      {
        onprogress: (update) => updates.push(update),
        resetTimeoutOnProgress: true,
      },
    );
    expect(result.isError).toBeFalsy();
    expect(updates[0]?.message).toContain('deep mode');
    expect(updates.filter((u) => u.message?.startsWith('Still ranking')).length).toBeGreaterThanOrEqual(2);
    const values = updates.map((u) => u.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(updates.at(-1)).toMatchObject({ total: updates.at(-1)?.progress });
    expect(updates.at(-1)?.message).toContain('Ranked 3 sources');
  });

  it('service_info states the version, limits, the live rate-limit policy and how to authenticate', async () => {
    const { client } = await connect({ authorization: `Bearer ${ANONYMOUS_TOKEN}` });
    const result = (await client.callTool({ name: 'service_info', arguments: {} })) as CallToolResult;
    const info = ServiceInfoSchema.parse(result.structuredContent);
    expect(info.service_version).toBe(SERVICE_VERSION);
    expect(info.limits).toMatchObject({
      k: { min: 1, max: 25, default: 10 },
      max_candidates: { max: 100 },
      deep_fetch_cap: 12,
      rate_limit_policy: RATE_LIMIT_POLICY,
    });
    expect(info.mcp.protocol_versions).toEqual(['2025-11-25', '2025-06-18', '2025-03-26']);
    expect(info.mcp.tools.find((tool) => tool.name === 'search_web')?.needs).toContain('search:read');
    expect(info.auth.how_to_get_search_read).toContain('/agent/identity/claim');
  });

  it('explain_signals covers every signal of the contract, the gates and the score', async () => {
    const { client } = await connect({ authorization: `Bearer ${ANONYMOUS_TOKEN}` });
    const result = (await client.callTool({ name: 'explain_signals', arguments: {} })) as CallToolResult;
    const guide = result.structuredContent as { signals: { name: string; better: string }[]; gates: string[] };
    expect(guide.signals.map((s) => s.name)).toEqual([...SIGNAL_NAMES]);
    expect(guide.signals.find((s) => s.name === 'spam')?.better).toBe('lower');
    expect(guide.gates.join(' ')).toContain('0.55');
    expect(textOf(result)).toContain('gates_relaxed');
  });

  it('an unknown tool is a protocol error the SDK raises', async () => {
    const { client } = await connect({ 'x-api-key': OPERATOR_KEY });
    await expect(client.callTool({ name: 'search_everything', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('calls read_pages: one result per URL with its status, a refused URL not failing the call, injected text withheld', async () => {
    const { client } = await connect({ authorization: `Bearer ${SEARCH_READ_TOKEN}` });
    const result = (await client.callTool({
      name: 'read_pages',
      arguments: {
        urls: ['https://tides.example.org/a', 'http://intranet.private.test/', 'https://evil.injected.test/x'],
        max_chars: 200,
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const response = ExtractResponseSchema.parse(result.structuredContent);
    expect(response.results.map((page) => page.status)).toEqual(['ok', 'refused', 'ok']);
    expect(response.results[0]?.content?.length).toBeLessThanOrEqual(200);
    const text = textOf(result);
    expect(text).toContain('Read 2 of 3 pages');
    expect(text).toContain('http://intranet.private.test/ — refused: private_address');
    expect(text).toContain('⚠ injection risk: HIGH');
    expect(text.split('\n3. ')[1]).not.toContain('<<<page');
    expect(t.gateway.calls.at(-1)).toMatchObject({
      path: '/v1/extract',
      body: { urls: expect.any(Array), max_chars: 200 },
    });
  });

  it('refuses read_pages without URLs as a tool error naming the field', async () => {
    const { client } = await connect({ 'x-api-key': OPERATOR_KEY });
    const result = (await client.callTool({ name: 'read_pages', arguments: { urls: [] } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/VALIDATION_ERROR.*`urls` must list 1-20 URLs/);
  });
});
