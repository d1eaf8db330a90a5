import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';

import { buildMcpApp } from './app.ts';
import { McpEnvSchema } from './config.ts';

const config = loadConfigOrExit('mcp', McpEnvSchema);
const logger = createLogger({ service: 'mcp', level: config.LOG_LEVEL });
const app = buildMcpApp({ config, logger });
await runService({ app, service: 'mcp', port: config.MCP_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
