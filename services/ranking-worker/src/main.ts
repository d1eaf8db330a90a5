import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';

import { buildRankingWorkerApp } from './app.ts';
import { RankingWorkerEnvSchema } from './config.ts';

const config = loadConfigOrExit('ranking-worker', RankingWorkerEnvSchema);
const logger = createLogger({ service: 'ranking-worker', level: config.LOG_LEVEL });
const app = buildRankingWorkerApp({ config, logger });
await runService({ app, service: 'ranking-worker', port: config.RANKING_WORKER_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
