/**
 * The embedded default (`npm start`): one Node process composes all five services. Each still
 * listens on its own loopback port and the gateway proxies to them exactly as in the split
 * topology; stores are in memory and the queue is in-process. Needs no environment variable.
 * This launcher is the composition root: the only code that imports every service's app builder.
 */
import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';
import { createInProcessBroker } from '@rankgate/shared/queue';
import type { FastifyInstance } from 'fastify';

import { buildGatewayApp } from '../gateway/src/app.ts';
import { GatewayEnvSchema } from '../gateway/src/config.ts';
import { createGatewayAdapters } from '../gateway/src/dependencies.ts';
import { buildAuthServerApp } from '../services/auth-server/src/app.ts';
import { buildMcpApp } from '../services/mcp/src/app.ts';
import { buildRankingWorkerApp } from '../services/ranking-worker/src/app.ts';
import { RankingWorkerEnvSchema } from '../services/ranking-worker/src/config.ts';
import { startPageConsumer } from '../services/ranking-worker/src/page-consumer.ts';
import { buildSearchApp } from '../services/search/src/app.ts';
import { SearchEnvSchema } from '../services/search/src/config.ts';
import { createSearchAdapters } from '../services/search/src/dependencies.ts';
import { generateInternalToken } from './internal-token.ts';

const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN || generateInternalToken();
// Without a configured key the operator gets a fresh one each start, printed below.
const generatedApiKey = process.env.OPERATOR_API_KEY ? undefined : `rg_${generateInternalToken().slice(0, 40)}`;
const env = { ...process.env, INTERNAL_TOKEN, ...(generatedApiKey ? { OPERATOR_API_KEY: generatedApiKey } : {}) };
const config = loadConfigOrExit('rankgate', GatewayEnvSchema, env);
const PORT = config.PORT;
const BASE_URL = process.env.BASE_URL ? config.BASE_URL : `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${PORT}`;
const logger = createLogger({ service: 'rankgate', level: config.LOG_LEVEL });
const loggerFor = (service: string) => createLogger({ service, level: config.LOG_LEVEL });
const shared = { BASE_URL, INTERNAL_TOKEN };

/** Services bind to an ephemeral loopback port; only the gateway is reachable from outside. */
async function listenInternally(name: string, app: FastifyInstance, closers: (() => Promise<void>)[]): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => app.close());
  logger.debug({ service: name, address }, 'internal service listening');
  return address;
}

const closers: (() => Promise<void>)[] = [];
// Deep mode's page jobs go from search to the ranking worker through one in-process broker.
const pageBroker = createInProcessBroker();
const workerConfig = loadConfigOrExit('ranking-worker', RankingWorkerEnvSchema, { ...env, ...shared, REDIS_URL: '' });
const pageConsumer = startPageConsumer(workerConfig, loggerFor('ranking-worker'), { kind: 'in-process', broker: pageBroker });
closers.push(() => pageConsumer.close());
const searchConfig = loadConfigOrExit('search', SearchEnvSchema, { ...env, ...shared, REDIS_URL: '' });
const searchAdapters = await createSearchAdapters(searchConfig, loggerFor('search'), { pageBroker });
closers.push(searchAdapters.close);
const searchUrl = await listenInternally('search', await buildSearchApp({ config: searchConfig, logger: loggerFor('search'), ...searchAdapters }), closers);
const authUrl = await listenInternally('auth-server', buildAuthServerApp({ config: shared, logger: loggerFor('auth-server') }), closers);
const mcpUrl = await listenInternally('mcp', buildMcpApp({ config: shared, logger: loggerFor('mcp') }), closers);
await listenInternally('ranking-worker', buildRankingWorkerApp({ config: shared, logger: loggerFor('ranking-worker') }), closers);

// The policy store is the one part the embedded default takes from the environment too: the burst
// limiter and the demo quota need a store that outlives the process to mean anything.
const gatewayAdapters = createGatewayAdapters(config, loggerFor('gateway'));
closers.unshift(gatewayAdapters.close);
const gateway = await buildGatewayApp({
  config: { ...config, ...shared, SEARCH_SERVICE_URL: searchUrl, AUTH_SERVICE_URL: authUrl, MCP_SERVICE_URL: mcpUrl },
  logger: loggerFor('gateway'),
  policyStore: gatewayAdapters.policyStore,
});
await runService({
  app: gateway, service: 'gateway', port: PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  // The gateway drains first, then the services it was calling.
  closeAfter: closers.reverse(),
});
console.log(`Rankgate is running at ${BASE_URL}  (try ${BASE_URL}/v1/sandbox)`);
console.log(`Discover provider: ${searchAdapters.provider.name}; judge: ${searchAdapters.judge.name}`);
if (generatedApiKey) {
  console.log(`Operator API key for this run (set OPERATOR_API_KEY to choose your own): ${generatedApiKey}`);
  console.log(`  curl -H "X-API-Key: ${generatedApiKey}" '${BASE_URL}/v1/search?q=how+do+tides+work&k=3'`);
}
