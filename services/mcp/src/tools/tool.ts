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
 */
export const structuredResult = (text: string, structured: Record<string, unknown>): CallToolResult => ({
  content: [
    { type: 'text', text },
    { type: 'text', text: JSON.stringify(structured) },
  ],
  structuredContent: structured,
});

/**
 * A structured result whose data carries text from the web: `text` alone as content, `structuredContent` beside
 * it. A JSON copy as a second text block would hand a model the same untrusted titles, snippets and page text
 * outside this response's boundary markers (clients pass every text block to the model), which undoes the
 * spotlighting; so these tools deviate from the spec's SHOULD, and say so in docs/mcp.md.
 */
export const untrustedResult = (text: string, structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text }],
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
