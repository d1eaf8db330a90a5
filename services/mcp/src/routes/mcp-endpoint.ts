import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { sendProblem } from '@rankgate/platform/http';
import { isProblemError } from '@rankgate/contracts/problems';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';

import { callerFrom } from '../gateway/caller.ts';
import type { CallContext } from '../mcp-server.ts';
import { JSON_RPC, sendJsonRpcError } from '../transport/json-rpc-error.ts';
import type { MultiplexTransport, PendingExchange } from '../transport/multiplex-transport.ts';
import { originAllowed } from '../transport/origin-policy.ts';
import { checkPost } from '../transport/post-checks.ts';
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
  /** Public origin, for the problem documents of the service's own refusals. */
  baseUrl: string;
  allowedOrigins: readonly string[];
  /** The service's one MCP server; the endpoint connects it to `transport`. */
  server: Server;
  transport: MultiplexTransport<CallContext>;
  /** Largest accepted JSON-RPC body in bytes. */
  bodyLimit: number;
}

/** The SDK transport's event-stream headers (no caching or buffering on the way). */
const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** A comment frame this often keeps idle proxies from closing a long (deep) search's stream, as the SDK does. */
const KEEP_ALIVE_MS = 15_000;

const parseOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** When the client leaves before the last reply, its requests are cancelled (in-flight tool calls abort). */
const abandonOnClose = (reply: FastifyReply, exchange: PendingExchange): void => {
  reply.raw.once('close', () => exchange.abandon('The client closed the connection.'));
};

/**
 * The replies as one JSON body (a batch's as an array, one reply alone as itself, as the SDK sends them), with the
 * header fields the tools added; nothing when the client left first.
 */
async function replyJson(
  request: FastifyRequest,
  reply: FastifyReply,
  exchange: PendingExchange,
  context: CallContext,
): Promise<FastifyReply> {
  abandonOnClose(reply, exchange);
  const replies = await exchange.done;
  if (replies === undefined) {
    request.log.info(
      { method: request.method, url: request.url, ms: Math.round(reply.elapsedTime) },
      'client closed the connection before the response',
    );
    reply.hijack();
    return reply;
  }
  return reply
    .code(200)
    .headers(context.replyHeaders)
    .type('application/json')
    .send(JSON.stringify(replies.length === 1 ? replies[0] : replies));
}

/** An event stream carrying each message for the POST as it comes (progress, then the replies), then ending. */
function replyEvents(
  reply: FastifyReply,
  transport: MultiplexTransport<CallContext>,
  messages: readonly JSONRPCMessage[],
  context: CallContext,
): FastifyReply {
  const stream = new PassThrough();
  const exchange = transport.exchange(messages, context, (message) => {
    stream.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  });
  const keepAlive = setInterval(() => stream.write(': keepalive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  void exchange.done.then(() => {
    clearInterval(keepAlive);
    stream.end();
  });
  abandonOnClose(reply, exchange);
  return reply.code(200).headers(EVENT_STREAM_HEADERS).send(stream);
}

/**
 * `POST /mcp` (and `/.well-known/mcp`), stateless Streamable HTTP: every POST is answered by the service's one MCP
 * server over a transport that keeps concurrent POSTs apart (../transport/multiplex-transport.ts). Before the
 * server: Origin (403), the protocol-version header (400, only the revisions we offer), batches (2025-03-26 only),
 * then the SDK transport's rules (406 Accept, 415 Content-Type, 400 parse errors; ../transport/post-checks.ts). A
 * POST of notifications only is 202; a request carrying a progress token gets an event stream, any other one JSON.
 * GET and DELETE are 405: a stateless server has no stream to offer and no session to end.
 */
export function registerMcpEndpoint(app: FastifyInstance, options: McpEndpointOptions): void {
  const { transport } = options;
  const handlePost = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && !isOfferedVersion(version)) {
      return sendJsonRpcError(
        reply,
        400,
        JSON_RPC.serverError,
        `Bad Request: Unsupported protocol version: ${String(version)} (supported versions: ${OFFERED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    }
    const parsed = parseOrUndefined(typeof request.body === 'string' ? request.body : '');
    if (Array.isArray(parsed) && parsed.length === 0) {
      return sendJsonRpcError(
        reply,
        400,
        JSON_RPC.invalidRequest,
        'Invalid Request: an empty batch (JSON-RPC 2.0 needs at least one message).',
      );
    }
    if (Array.isArray(parsed) && !allowsBatches(version ?? ASSUMED_VERSION_WITHOUT_HEADER)) {
      return sendJsonRpcError(
        reply,
        400,
        JSON_RPC.invalidRequest,
        `Invalid Request: JSON-RPC batches are not part of MCP ${version ?? ASSUMED_VERSION_WITHOUT_HEADER} (only 2025-03-26); send one message per POST.`,
      );
    }
    const body = Array.isArray(parsed) ? parsed.map(narrowInitialize) : narrowInitialize(parsed);
    const checked = checkPost(header(request.headers.accept), header(request.headers['content-type']), body);
    if ('refused' in checked) {
      const { status, code, message } = checked.refused;
      return sendJsonRpcError(reply, status, code, message);
    }
    const { messages } = checked;
    if (!messages.some((message) => 'method' in message && 'id' in message)) {
      transport.notify(messages);
      return reply.code(202).send();
    }
    const context: CallContext = { caller: callerFrom(request.headers, request.id), replyHeaders: {} };
    if (wantsEventStream(messages)) return replyEvents(reply, transport, messages, context);
    return replyJson(request, reply, transport.exchange(messages, context), context);
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
    await options.server.connect(transport);
    // The body is read as text whatever its type: the transport rules answer 415 / 400 (./post-checks.ts).
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
