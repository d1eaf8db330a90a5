import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

import { JSON_RPC } from './json-rpc-error.ts';

/** Why a POST is refused, as the HTTP status and JSON-RPC error the transports spec asks for. */
export interface PostRefusal {
  status: number;
  code: number;
  message: string;
}

const refusal = (status: number, code: number, message: string): { refused: PostRefusal } => ({
  refused: { status, code, message },
});

const isInitialize = (message: JSONRPCMessage): boolean => 'method' in message && message.method === 'initialize';

/**
 * The Streamable HTTP rules for a POST that the SDK's server transport applies, in its order and with its
 * messages (406 unless both JSON and SSE are accepted, 415 unless the body is JSON, 400 -32700 for JSON that does
 * not parse or is no JSON-RPC message, 400 -32600 for an oversized batch or an initialize sharing its batch), so
 * clients and the conformance suite see the same answers; the messages it returns are checked against the SDK's
 * own JSON-RPC schema. `body` is the parsed JSON, undefined when the text did not parse.
 */
export function checkPost(
  accept: string | undefined,
  contentType: string | undefined,
  body: unknown,
): { messages: JSONRPCMessage[] } | { refused: PostRefusal } {
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
    return refusal(
      406,
      JSON_RPC.serverError,
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
  }
  if (!isJsonContentType(contentType)) {
    return refusal(415, JSON_RPC.serverError, 'Unsupported Media Type: Content-Type must be application/json');
  }
  if (body === undefined) return refusal(400, JSON_RPC.parseError, 'Parse error: Invalid JSON');
  if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
    return refusal(400, JSON_RPC.invalidRequest, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
  }
  const messages: JSONRPCMessage[] = [];
  for (const item of Array.isArray(body) ? body : [body]) {
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) return refusal(400, JSON_RPC.parseError, 'Parse error: Invalid JSON-RPC message');
    messages.push(parsed.data);
  }
  if (messages.length > 1 && messages.some(isInitialize)) {
    return refusal(400, JSON_RPC.invalidRequest, 'Invalid Request: Only one initialization request is allowed');
  }
  return { messages };
}
