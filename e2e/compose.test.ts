/**
 * The composed deployment (root docker-compose.yml, built and started by testcontainers): the same
 * foundation checks against the composed gateway. Only where a Docker engine answers.
 */
import { fileURLToPath } from 'node:url';

import { HealthResponseSchema, SearchResponseSchema } from '@rankgate/contracts';
import type { StartedDockerComposeEnvironment } from 'testcontainers';
import { DockerComposeEnvironment, Wait, getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateInternalToken } from '../bin/internal-token.ts';
import { freePorts } from '../bin/split-topology.ts';
import type { HttpClient } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import { verifies } from './harness/verifies.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Building the image from scratch takes minutes; the default hook timeout is for process starts. */
const COMPOSE_UP_TIMEOUT_MS = 15 * 60_000;

const docker = await getContainerRuntimeClient().then(
  () => true,
  () => false,
);

describe.skipIf(!docker)(
  docker ? 'compose: the composed gateway' : 'compose — skipped: no Docker engine on this machine',
  () => {
    let environment: StartedDockerComposeEnvironment | undefined;
    let http: HttpClient;

    beforeAll(async () => {
      // A free host port, so a running local gateway on 8080 does not collide.
      const [port] = await freePorts(1);
      environment = await new DockerComposeEnvironment(REPO_ROOT, 'docker-compose.yml')
        .withBuild()
        .withEnvironment({
          INTERNAL_TOKEN: generateInternalToken(),
          PORT: String(port),
          BASE_URL: `http://127.0.0.1:${port}`,
        })
        .withWaitStrategy('gateway-1', Wait.forHealthCheck())
        .withStartupTimeout(COMPOSE_UP_TIMEOUT_MS)
        .up();
      const gateway = environment.getContainer('gateway-1');
      http = httpClient(`http://${gateway.getHost()}:${gateway.getMappedPort(8080)}`);
    }, COMPOSE_UP_TIMEOUT_MS);
    afterAll(async () => {
      await environment?.down();
    }, 120_000);

    it(verifies('FOUND-HEALTH-1', 'compose'), async () => {
      const response = await http.get('/health');
      expect(response.status).toBe(200);
      expect(HealthResponseSchema.parse(response.json).ok).toBe(true);
    });

    it(verifies('FOUND-SANDBOX-1', 'compose: proxied to the search container'), async () => {
      const [health, sandbox] = await Promise.all([http.get('/health'), http.get('/v1/sandbox')]);
      expect(sandbox.status, sandbox.text).toBe(200);
      const { meta } = SearchResponseSchema.parse(sandbox.json);
      expect(meta.service_version).toBe(HealthResponseSchema.parse(health.json).service_version);
    });
  },
);
