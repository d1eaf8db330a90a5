/**
 * The child of ./mcp-process.ts: the MCP service's real app (logger at info into a discarded stream; a Redis policy
 * store when REDIS_URL is set, none otherwise) whose search service is the parent's stand-in; sends its URL to the
 * parent once it listens.
 */
import { Writable } from 'node:stream';

import { createPolicyStore } from '@rankgate/platform/limits';
import { createLogger } from '@rankgate/platform/logger';

import { buildMcpApp } from '../../services/mcp/src/app.ts';

const searchUrl = process.env.SEARCH_URL ?? '';
const logger = createLogger({
  service: 'mcp',
  level: 'info',
  destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
});
// A limit no run reaches, under a prefix of its own, so the limits are charged but never refuse.
const policyStore = createPolicyStore(
  { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `bench-mcp-${process.pid}:` },
  logger,
  'mcp:policy',
);
const app = buildMcpApp({
  config: {
    BASE_URL: 'http://127.0.0.1:1',
    INTERNAL_TOKEN: process.env.INTERNAL_TOKEN ?? '',
    GATEWAY_URL: searchUrl,
    SEARCH_SERVICE_URL: searchUrl,
    GATEWAY_TIMEOUT_MS: 5000,
    MCP_PROGRESS_INTERVAL_MS: 5000,
    MCP_ALLOWED_ORIGINS: [],
    METRICS_TOKEN: undefined,
    RATE_LIMIT_PER_MINUTE: 10_000_000,
  },
  logger,
  policyStore,
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.(url);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => policyStore?.close())
    .then(() => process.exit(0));
});
