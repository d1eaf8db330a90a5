import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { sendProblem } from '@rankgate/platform/http';
import { isProblemError } from '@rankgate/contracts/problems';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { CallerCredentials } from '../gateway/caller.ts';
import { callerFrom } from '../gateway/caller.ts';
import { JSON_RPC, sendJsonRpcError } from '../transport/json-rpc-error.ts';
import { originAllowed } from '../transport/origin-policy.ts';
import {
  allowsBatches,
  ASSUMED_VERSION_WITHOUT_HEADER,
  isOfferedVersion,
  narrowInitialize,
  OFFERED_PROTOCOL_VERSIONS,
} from '../transport/protocol-versions.ts';
import { wantsEventStream } from '../transport/response-mode.ts';

/** The MCP endpoint and its alternate URL (spec § Endpoints: the same endpoint). */
const MCP_PATHS = ['/mcp', '/.well-known/mcp'] as const;

export interface McpEndpointOptions {
  /** Public origin: the URL the SDK reports to handlers is built on it. */
  baseUrl: string;
  allowedOrigins: readonly string[];
  /** A fresh MCP server for one request, knowing its caller; its tools add header fields to `replyHeaders`. */
  createServer: (caller: CallerCredentials, replyHeaders: Record<string, string>) => Server;
  /** Largest accepted JSON-RPC body in bytes. */
  bodyLimit: number;
}

/** Headers that describe the original connection or body framing, not the message. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect']);

/**
 * The request as the SDK's web-standard transport reads it. The body is attached only when the SDK must read it
 * (JSON we could not parse, which it answers with -32700); otherwise it gets the parsed message, and a body stream
 * nobody reads would cost more than the rest of the Request (headers go in as a record for the same reason).
 */
function toWebRequest(request: FastifyRequest, baseUrl: string, body: string | undefined): Request {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return new Request(new URL(request.url, baseUrl), {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

const parseOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * An SSE body is streamed as it is written; a JSON body is sent whole, with its length, as the
 * bytes the SDK encoded (decoding them to a string only for Fastify to encode it again cost a
 * tenth of a cached `search_web`).
 */
async function sendResponse(
  reply: FastifyReply,
  response: Response,
  replyHeaders: Record<string, string>,
): Promise<FastifyReply> {
  reply.code(response.status);
  reply.headers(replyHeaders);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  if (response.body === null) return reply.send();
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) return reply.send(response.body);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * `POST /mcp` (and `/.well-known/mcp`) on the SDK's web-standard Streamable HTTP transport,
 * stateless: each request gets its own server and transport, closed when the response ends.
 * Before the SDK: Origin (403), the protocol-version header (400, only the revisions we offer),
 * batches (2025-03-26 only). The SDK then applies its own rules (406 Accept, 415 Content-Type,
 * 400 parse errors, 202 for notifications). GET and DELETE are 405: a stateless server has no
 * stream to offer and no session to end.
 */
export function registerMcpEndpoint(app: FastifyInstance, options: McpEndpointOptions): void {
  const handlePost = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const header = request.headers['mcp-protocol-version'];
    if (header !== undefined && !isOfferedVersion(header)) {
      return sendJsonRpcError(
        reply,
        400,
        JSON_RPC.serverError,
        `Bad Request: Unsupported protocol version: ${String(header)} (supported versions: ${OFFERED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    }
    const version = header ?? ASSUMED_VERSION_WITHOUT_HEADER;
    const text = typeof request.body === 'string' ? request.body : '';
    const parsed = parseOrUndefined(text);
    if (Array.isArray(parsed) && parsed.length === 0) {
      return sendJsonRpcError(
        reply,
        400,
        JSON_RPC.invalidRequest,
        'Invalid Request: an empty batch (JSON-RPC 2.0 needs at least one message).',
      );
    }
    if (Array.isArray(parsed) && !allowsBatches(version)) {
      return sendJsonRpcError(
        reply,
        400,
        JSON_RPC.invalidRequest,
        `Invalid Request: JSON-RPC batches are not part of MCP ${version} (only 2025-03-26); send one message per POST.`,
      );
    }
    const body = Array.isArray(parsed) ? parsed.map(narrowInitialize) : narrowInitialize(parsed);

    const replyHeaders: Record<string, string> = {};
    const server = options.createServer(callerFrom(request.headers, request.id), replyHeaders);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !wantsEventStream(body),
    });
    // When the response ends or the client leaves, in-flight tool calls are aborted. A JSON reply
    // whose client left is never produced (the SDK drops it), so the wait ends with the connection.
    const clientLeft = new Promise<undefined>((resolve) => {
      reply.raw.once('close', () => {
        void transport.close();
        void server.close();
        resolve(undefined);
      });
    });
    await server.connect(transport);
    // Invalid JSON is left for the SDK to read and answer (-32700).
    const response = await Promise.race([
      parsed === undefined
        ? transport.handleRequest(toWebRequest(request, options.baseUrl, text))
        : transport.handleRequest(toWebRequest(request, options.baseUrl, undefined), { parsedBody: body }),
      clientLeft,
    ]);
    if (response === undefined) {
      request.log.info(
        { method: request.method, url: request.url, ms: Math.round(reply.elapsedTime) },
        'client closed the connection before the response',
      );
      reply.hijack();
      return reply;
    }
    return sendResponse(reply, response, replyHeaders);
  };

  const methodNotAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    sendJsonRpcError(
      reply,
      405,
      JSON_RPC.serverError,
      'Method not allowed: this server is stateless; send each JSON-RPC message as a POST.',
      { allow: 'POST' },
    );

  void app.register(async (scope) => {
    // The SDK reads the body itself and answers 415 / 400 as the transport rules say.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: options.bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!originAllowed(origin, options.allowedOrigins)) {
        return sendJsonRpcError(
          reply,
          403,
          JSON_RPC.serverError,
          `Forbidden: Origin ${String(origin)} is not allowed to call this MCP server.`,
        );
      }
      return undefined;
    });
    scope.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
      // The internal-token guard speaks for the whole service: its refusal stays a problem document.
      if (isProblemError(error)) return sendProblem(reply, options.baseUrl, error);
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'mcp request failed');
      return sendJsonRpcError(
        reply,
        status,
        status >= 500 ? JSON_RPC.internalError : JSON_RPC.serverError,
        status >= 500 ? 'Internal error' : error.message,
      );
    });
    for (const path of MCP_PATHS) {
      scope.post(path, handlePost);
      scope.get(path, methodNotAllowed);
      scope.delete(path, methodNotAllowed);
    }
  });
}
