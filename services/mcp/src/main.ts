import { loadConfigOrExit } from '@rankgate/contracts/config';
import { runService } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';

import { buildMcpApp, createMcpPolicyStore } from './app.ts';
import { McpEnvSchema } from './config.ts';

const config = loadConfigOrExit('mcp', McpEnvSchema);
const logger = createLogger({ service: 'mcp', level: config.LOG_LEVEL });
const policyStore = createMcpPolicyStore(config, logger);
const app = buildMcpApp({ config, logger, policyStore });
app.addHook('onClose', async () => {
  await policyStore?.close();
});
await runService({
  app,
  service: 'mcp',
  port: config.MCP_PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
});
