/**
 * The official MCP SDK client pointed at a target's /mcp. The SDK client always offers its latest
 * revision; a client of an older revision is reproduced by rewriting that offer in the initialize
 * request, after which the SDK behaves as the negotiated revision requires (version header, result
 * handling). The wrapped fetch also records each response's X-Request-Id.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const MCP_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;

export interface ConnectedClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** X-Request-Id of every HTTP response, in order. */
  requestIds: string[];
  close(): Promise<void>;
}

export async function connectMcp(
  baseUrl: string,
  headers: Record<string, string>,
  revision: string = MCP_REVISIONS[2],
): Promise<ConnectedClient> {
  const requestIds: string[] = [];
  const offering: typeof fetch = async (input, init) => {
    let body = init?.body;
    if (typeof body === 'string' && body.includes('"method":"initialize"')) {
      const message = JSON.parse(body) as { params: { protocolVersion: string } };
      message.params.protocolVersion = revision;
      body = JSON.stringify(message);
    }
    const response = await fetch(input, { ...init, ...(body === undefined ? {} : { body }) });
    requestIds.push(response.headers.get('x-request-id') ?? '');
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers },
    fetch: offering,
  });
  const client = new Client({ name: 'rankgate-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, requestIds, close: () => client.close() };
}
