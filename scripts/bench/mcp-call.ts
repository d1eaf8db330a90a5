/** The MCP request every bench sends: a raw JSON-RPC `tools/call` of `search_web`, as any MCP client posts it. */

/** The headers of a Streamable HTTP POST (the caller's own credential headers are added by each bench). */
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
} as const;

/** The JSON-RPC body of a `search_web` call for `q` (k = 10, as the REST searches it is compared with). */
export const searchWebCallBody = (q: string): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_web', arguments: { q, k: 10 } },
  });
