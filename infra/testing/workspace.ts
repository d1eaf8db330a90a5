/**
 * Facts about the workspace that the deployment files must agree with (compose, Kubernetes):
 * the five services, their env schemas, the ports they listen on by default and their entries.
 * Read from the code itself, so a renamed variable or a moved port fails the infra tests.
 */
import { loadConfig } from '@rankgate/contracts/config';
import { z } from 'zod';

import { GatewayEnvSchema } from '../../gateway/src/config.ts';
import { AuthServerEnvSchema } from '../../services/auth-server/src/config.ts';
import { McpEnvSchema } from '../../services/mcp/src/config.ts';
import { RankingWorkerEnvSchema } from '../../services/ranking-worker/src/config.ts';
import { SearchEnvSchema } from '../../services/search/src/config.ts';

export const RANKGATE_SERVICES = ['gateway', 'search', 'auth-server', 'mcp', 'ranking-worker'] as const;
export type RankgateService = (typeof RANKGATE_SERVICES)[number];

const ENV_SCHEMAS: Record<RankgateService, z.ZodObject> = {
  gateway: GatewayEnvSchema,
  search: SearchEnvSchema,
  'auth-server': AuthServerEnvSchema,
  mcp: McpEnvSchema,
  'ranking-worker': RankingWorkerEnvSchema,
};

/** The variable each service listens on, as its config.ts names it. */
const PORT_VARIABLES: Record<RankgateService, string> = {
  gateway: 'PORT',
  search: 'SEARCH_PORT',
  'auth-server': 'AUTH_SERVER_PORT',
  mcp: 'MCP_PORT',
  'ranking-worker': 'RANKING_WORKER_PORT',
};

/** Set by the image (infra/Dockerfile, entry script), not read by the config schemas. */
const IMAGE_VARIABLES = ['SERVICE', 'NODE_ENV', 'RANKGATE_BUILD_VERSION'];

export const variablesOf = (service: RankgateService): Set<string> => new Set(Object.keys(ENV_SCHEMAS[service].shape));

/** Whether `name` may be set on `service`: its schema reads it, or the image does. */
export const accepts = (service: RankgateService, name: string): boolean =>
  variablesOf(service).has(name) || IMAGE_VARIABLES.includes(name);

/** The smallest environment each schema accepts (the split topology's one required secret). */
const MINIMAL_ENV = { INTERNAL_TOKEN: 'x'.repeat(32) };

/** The port a service listens on when nothing is set. */
export function defaultPort(service: RankgateService): number {
  const parsed = ENV_SCHEMAS[service].parse(MINIMAL_ENV) as Record<string, unknown>;
  return z.number().parse(parsed[PORT_VARIABLES[service]]);
}

/** Whether `service` starts with `env` (over the minimal one), read as main.ts reads it: loadConfig. */
export function schemaAccepts(service: RankgateService, env: Record<string, string>): boolean {
  try {
    loadConfig(service, ENV_SCHEMAS[service], { ...MINIMAL_ENV, ...env });
    return true;
  } catch {
    return false;
  }
}
