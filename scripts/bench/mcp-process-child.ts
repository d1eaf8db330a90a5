/**
 * The child of ./mcp-process.ts: the MCP service's real app (logger at info into a discarded stream, no policy
 * store) whose search service is the parent's stand-in; sends its URL to the parent once it listens.
 */
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';

import { buildMcpApp } from '../../services/mcp/src/app.ts';

const searchUrl = process.env.SEARCH_URL ?? '';
const logger = createLogger({
  service: 'mcp',
  level: 'info',
  destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
});
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
  },
  logger,
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.(url);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
