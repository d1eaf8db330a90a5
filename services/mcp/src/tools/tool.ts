import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

import type { CallerCredentials } from '../gateway/caller.ts';
import type { Progress } from './progress.ts';

/** What one tool call knows about its caller and its request. */
interface ToolContext {
  caller: CallerCredentials;
  /** Aborted when the MCP request ends early (the client left). */
  signal: AbortSignal;
  progress: Progress;
  /**
   * Header fields for the HTTP response that carries the result (a JSON reply; an event stream has sent its
   * headers already): the RateLimit fields of the search the tool charged, which the gateway then need not look up.
   */
  replyHeaders: Record<string, string>;
}

/** A tool: its listing (JSON Schemas already generated) and its handler. */
export interface McpTool {
  definition: Tool;
  /** Validates its own arguments; failures and gateway problems come back as `isError` results. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>;
}

/** A result a model can act on: one text block, flagged as an error. */
export const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * A structured result: the text a model reads first, then the same data as JSON text for clients
 * that predate `structuredContent` (tools spec: SHOULD also serialise it), and `structuredContent`.
 * `json` is that JSON when the caller already holds it (the service's body as received), saving a
 * second serialisation of the same object.
 */
export const structuredResult = (text: string, structured: Record<string, unknown>, json?: string): CallToolResult => ({
  content: [
    { type: 'text', text },
    { type: 'text', text: json ?? JSON.stringify(structured) },
  ],
  structuredContent: structured,
});

/** For tools without parameters: any argument is refused in the same shape as other tool errors. */
export function refuseArguments(tool: string, args: Record<string, unknown>): CallToolResult | undefined {
  const given = Object.keys(args);
  if (given.length === 0) return undefined;
  return errorResult(
    `BAD_REQUEST (HTTP 400): ${tool} takes no arguments (got ${given.join(', ')}).\nWhat to do: call it with {}.`,
  );
}
