import type { FastifyReply } from 'fastify';

/**
 * MCP errors at the HTTP level are JSON-RPC errors without an id (transports spec), not problem
 * documents: an MCP client reads `error.message`.
 */
export function sendJsonRpcError(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(status)
    .headers(headers)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** JSON-RPC codes used at the HTTP level. */
export const JSON_RPC = {
  /** Transport-level refusal (the SDK's choice for 403/405/406/415). */
  serverError: -32000,
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
} as const;
