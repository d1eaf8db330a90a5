/**
 * Test support: the mcp service's real app on 127.0.0.1 in front of a fake gateway and search
 * service (one stand-in), plus the headers the real gateway adds to every proxied call.
 */
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyInstance } from 'fastify';

import { buildMcpApp } from '../app.ts';
import type { McpConfig } from '../config.ts';
import type { FakeGateway, FakeGatewayOptions } from './fake-gateway.ts';
import { asGateway, startFakeGateway } from './fake-gateway.ts';

export const INTERNAL_TOKEN = 'i'.repeat(40);
export const BASE_URL = 'https://rankgate.test';
export const CLIENT_IP = '203.0.113.7';

/** What the gateway adds to a proxied MCP request. */
export const GATEWAY_HEADERS = { 'x-internal-token': INTERNAL_TOKEN, 'x-rankgate-client-ip': CLIENT_IP } as const;

export const ACCEPT_BOTH = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
} as const;

export interface McpTestApp {
  /** The mcp service's own origin (tests call it as the gateway would). */
  url: string;
  app: FastifyInstance;
  gateway: FakeGateway;
  close(): Promise<void>;
}

const silent = createLogger({
  service: 'mcp',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

export async function startMcpTestApp(
  config: Partial<
    Pick<
      McpConfig,
      | 'GATEWAY_TIMEOUT_MS'
      | 'MCP_PROGRESS_INTERVAL_MS'
      | 'MCP_ALLOWED_ORIGINS'
      | 'GATEWAY_URL'
      | 'SEARCH_SERVICE_URL'
      | 'RATE_LIMIT_PER_MINUTE'
      | 'DEMO_LIMIT'
    >
  > = {},
  gatewayOptions: FakeGatewayOptions = {},
  policyStore?: KeyValueStore,
): Promise<McpTestApp> {
  const gateway = await startFakeGateway(gatewayOptions);
  const app = buildMcpApp({
    config: {
      BASE_URL,
      INTERNAL_TOKEN,
      GATEWAY_URL: gateway.url,
      SEARCH_SERVICE_URL: gateway.url,
      GATEWAY_TIMEOUT_MS: 5000,
      MCP_PROGRESS_INTERVAL_MS: 5000,
      ...config,
    },
    logger: silent,
    policyStore,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    gateway,
    close: async () => {
      // A test client may hold a connection that never sent a request; it would hold close() open.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await gateway.close();
    },
  };
}

/** A JSON-RPC POST as an MCP client sends it through the gateway. */
export function postMcp(
  url: string,
  message: unknown,
  headers: Record<string, string> = {},
  path = '/mcp',
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...GATEWAY_HEADERS, ...ACCEPT_BOTH, ...asGateway(headers) },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
}

export const initializeMessage = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-http-test', version: '1.0.0' } },
});

/** The JSON-RPC messages of an SSE body (`data:` lines of `message` events). */
export function sseMessages(text: string): unknown[] {
  return text.split('\n\n').flatMap((event) => {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\n');
    return data ? [JSON.parse(data) as unknown] : [];
  });
}
