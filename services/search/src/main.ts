import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';

import { buildSearchApp } from './app.ts';
import { SearchEnvSchema } from './config.ts';

const config = loadConfigOrExit('search', SearchEnvSchema);
const logger = createLogger({ service: 'search', level: config.LOG_LEVEL });
const app = buildSearchApp({ config, logger });
await runService({ app, service: 'search', port: config.SEARCH_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
