// Container health probe (Dockerfile HEALTHCHECK and compose `healthcheck`). The slim base has no
// curl or wget, so node's fetch asks the health route of whichever SERVICE this container runs.
// Plain JavaScript on purpose: loading tsx for every probe would cost a few hundred ms.
// Exit 0 = healthy, 1 = unhealthy (Docker's contract).
/* global fetch, AbortSignal */

/** SERVICE -> [port variable, its default, health path]; mirrors each service's config.ts. */
const targets = {
  gateway: ['PORT', 8080, '/health'],
  search: ['SEARCH_PORT', 8081, '/internal/health'],
  'auth-server': ['AUTH_SERVER_PORT', 8082, '/internal/health'],
  mcp: ['MCP_PORT', 8083, '/internal/health'],
  'ranking-worker': ['RANKING_WORKER_PORT', 8084, '/internal/health'],
};

const service = process.env.SERVICE ?? '';
const target = targets[service];
if (!target) {
  console.error(`healthcheck: unknown SERVICE "${service}"`);
  process.exit(1);
}
const [portVariable, defaultPort, path] = target;
const port = process.env[portVariable]?.trim() || defaultPort;
// HOST is 0.0.0.0 in containers, which includes loopback.
const url = `http://127.0.0.1:${port}${path}`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) console.error(`healthcheck: ${url} answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
