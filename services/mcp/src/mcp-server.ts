import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { Logger } from '@rankgate/platform/logger';

import type { CallerCredentials } from './gateway/caller.ts';
import type { ServerIdentity } from './server-identity.ts';
import { SERVER_INSTRUCTIONS } from './server-identity.ts';
import { Progress } from './tools/progress.ts';
import type { McpTool } from './tools/tool.ts';
import { errorResult } from './tools/tool.ts';

/** What a tool call knows beyond its arguments: who called, and header fields for the HTTP reply carrying it. */
export interface CallContext {
  caller: CallerCredentials;
  replyHeaders: Record<string, string>;
}

export interface McpServerOptions {
  identity: ServerIdentity;
  /** Compiled schemas are cached in it: building an Ajv instance costs ~0.5 ms. */
  jsonSchemaValidator: jsonSchemaValidator;
  tools: ReadonlyMap<string, McpTool>;
  progressIntervalMs: number;
  logger: Logger;
}

/**
 * The service's one MCP server, answering every request (stateless: nothing it keeps differs between clients); a
 * call's context is looked up by the request id the transport gave it (./transport/multiplex-transport.ts). The
 * low-level `Server` is used rather than `McpServer` because the latter turns an unknown tool into an `isError`
 * result, where the tools spec asks for JSON-RPC -32602, and validates arguments with messages that do not name
 * our contract's remedies.
 */
export function createMcpServer(
  options: McpServerOptions,
  contextOf: (requestId: RequestId) => CallContext | undefined,
): Server {
  const server = new Server(options.identity, {
    capabilities: { tools: {} },
    instructions: SERVER_INSTRUCTIONS,
    jsonSchemaValidator: options.jsonSchemaValidator,
  });
  const listing = { tools: [...options.tools.values()].map((tool) => tool.definition) };

  server.setRequestHandler(ListToolsRequestSchema, () => listing);
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {}, _meta: meta } = request.params;
    const tool = options.tools.get(name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name}. This server offers ${[...options.tools.keys()].join(', ')}.`,
      );
    const context = contextOf(extra.requestId);
    // Only a request the client abandoned has no context left, and its reply is dropped.
    if (!context) throw new McpError(ErrorCode.ConnectionClosed, 'The request was cancelled.');
    const { caller, replyHeaders } = context;
    const token = meta?.progressToken;
    const send =
      token === undefined
        ? undefined
        : (update: { progress: number; total?: number; message: string }) =>
            extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...update } });
    try {
      return await tool.run(args, {
        caller,
        signal: extra.signal,
        progress: new Progress(send, options.progressIntervalMs),
        replyHeaders,
      });
    } catch (error) {
      if (extra.signal.aborted) throw error;
      options.logger.error({ err: error, tool: name, request_id: caller.requestId }, 'tool failed');
      return errorResult(
        `INTERNAL_ERROR: ${name} failed unexpectedly. Retry later; if it persists, report request id ${caller.requestId} to the operator.`,
      );
    }
  });
  return server;
}
