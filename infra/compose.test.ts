/**
 * Checks docker-compose.yml, infra/Dockerfile and .dockerignore without a Docker engine.
 *
 * `docker compose config` is the reference check, but the machines this project runs on (developers'
 * and CI's) have the docker client without the compose plugin and no engine. So, strongest first:
 *   1. `docker compose config -q` and Debian's `docker-compose config -q` run when present, else skip.
 *   2. Always: the Compose Specification JSON schema (as bundled by dclint) on the file as written and
 *      after interpolation, plus the cross-reference checks `compose config` makes beyond the schema
 *      (depends_on targets and cycles, networks, volumes, build paths).
 *   3. Always: the deployment properties that matter (one published port, health, Redis policy,
 *      one INTERNAL_TOKEN, non-root multi-stage image) and that the compose file, the Dockerfile,
 *      the entry script and the health probe agree with each other and with each service's config.
 * The Dockerfile, entry script, probe and the runtime stage's files started without Docker: infra/image.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { isAlias, isMap, isScalar, isSeq, stringify } from 'yaml';

import { RANKGATE_SERVICES, schemaAccepts } from './testing/workspace.ts';
import {
  composeDocument,
  composeSource,
  dependenciesOf,
  effective,
  entries,
  envOf,
  hasComposePlugin,
  hasComposeV1,
  interpolate,
  loadLinter,
  networksOf,
  nodeServices,
  ONE_SHOT,
  probes,
  PROFILED,
  root,
  runComposeConfig,
  seconds,
  services,
  withoutPending,
  written,
} from './testing/compose-and-image.ts';

describe('docker-compose.yml', () => {
  it('is well-formed YAML: no syntax errors, duplicate keys or undefined anchors', () => {
    expect(composeDocument.errors.map((e) => e.message)).toEqual([]);
    expect(composeDocument.warnings.map((e) => e.message)).toEqual([]);
  });

  it('matches the Compose Specification JSON schema as written and after interpolation (dclint 3.1.0 and its bundled compose-spec schema)', async () => {
    const lint = await loadLinter();
    expect(lint(composeSource)).toEqual([]);
    // The interpolated model is re-serialized by this test, so only the schema applies to it.
    const schemaOnly = await loadLinter({ schemaOnly: true });
    expect(schemaOnly(stringify(effective))).toEqual([]);
  });

  it('the schema check has teeth: a misspelt service key and a bad depends_on condition are rejected', async () => {
    const lint = await loadLinter({ schemaOnly: true });
    const misspelt = composeSource.replace(/^ {2}healthcheck:$/m, '  helthcheck:');
    expect(misspelt).not.toBe(composeSource);
    expect(lint(misspelt).join('\n')).toMatch(/^invalid-schema: .*additional properties/m);
    const badCondition = composeSource.replace('condition: service_healthy', 'condition: service_ready');
    expect(badCondition).not.toBe(composeSource);
    expect(lint(badCondition).join('\n')).toMatch(/^invalid-schema: /m);
  });

  it.runIf(hasComposePlugin)('passes `docker compose config -q` (compose plugin present on this machine)', () => {
    const { status, output } = runComposeConfig('docker', ['compose']);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it.runIf(hasComposeV1)(
    'passes `docker-compose config -q` (Debian docker-compose 1.29 present on this machine)',
    () => {
      const { status, output } = runComposeConfig('docker-compose', []);
      expect(output).toBe('');
      expect(status).toBe(0);
    },
  );

  it('references only defined services, networks and volumes, with no depends_on cycle (what `compose config` checks beyond the schema)', () => {
    const networks = Object.keys(effective.networks ?? {});
    const volumes = Object.keys(effective.volumes ?? {});
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(dependenciesOf(service)))
        expect(services, `${name} depends_on ${dependency}`).toHaveProperty([dependency]);
      for (const network of networksOf(service))
        expect(networks, `${name} joins network ${network}`).toContain(network);
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? (volume.split(':')[0] ?? '') : (volume.source ?? '');
        if (!/^[./~]/.test(source)) expect(volumes, `${name} mounts volume ${source}`).toContain(source);
      }
    }
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, path: string[]): void => {
      if (done.has(name)) return;
      if (visiting.has(name)) throw new Error(`depends_on cycle: ${[...path, name].join(' -> ')}`);
      visiting.add(name);
      for (const dependency of Object.keys(dependenciesOf(services[name] ?? {}))) visit(dependency, [...path, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of Object.keys(services)) visit(name, []);
  });

  it('builds the five Rankgate services from infra/Dockerfile; each SERVICE is known to the entry script and the health probe', () => {
    expect(Object.keys(services).sort()).toEqual([...RANKGATE_SERVICES, 'redis', ...Object.keys(PROFILED)].sort());
    // A plain `docker compose up` starts the five and Redis; the rest only with their profile.
    expect(
      Object.keys(services)
        .filter((name) => !services[name]?.profiles)
        .sort(),
    ).toEqual([...RANKGATE_SERVICES, 'redis'].sort());
    for (const [name, profile] of Object.entries(PROFILED)) expect(services[name]?.profiles, name).toEqual([profile]);
    expect(nodeServices.map(([name]) => name).sort()).toEqual([...RANKGATE_SERVICES].sort());
    for (const [name, service] of nodeServices) {
      expect(service.build?.context).toBe('.');
      expect(existsSync(join(root, service.build?.dockerfile ?? 'missing'))).toBe(true);
      expect(envOf(service).SERVICE, `${name} SERVICE`).toBe(name);
      expect(entries, `docker-entrypoint.sh case for ${name}`).toHaveProperty([name]);
      expect(probes, `healthcheck.mjs target for ${name}`).toHaveProperty([name]);
    }
  });

  it('publishes a port on the gateway only: ${PORT:-8080} -> container 8080', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'gateway') continue;
      expect(service.ports ?? [], `${name} publishes no port`).toEqual([]);
      expect(service.network_mode, `${name} is not on the host network`).toBeUndefined();
    }
    expect(written.services.gateway?.ports).toEqual(['${PORT:-8080}:8080']);
    expect(envOf(services.gateway ?? {}).PORT).toBe('8080');
  });

  it('keeps services and Redis on an internal-only network; only the gateway joins `public`, only search, ranking-worker and auth-server get egress', () => {
    expect(effective.networks?.internal?.internal).toBe(true);
    for (const [name, service] of Object.entries(services)) {
      const networks = networksOf(service);
      expect(networks, `${name} is on the internal network`).toContain('internal');
      expect(networks.includes('public'), `${name} on public`).toBe(name === 'gateway');
      // Outbound internet for discovery providers, the judge and page fetching, client ID metadata
      // documents (auth-server), SearXNG's engines and Ollama's model downloads; nothing is published there.
      expect(networks.includes('egress'), `${name} on egress`).toBe(
        ['search', 'ranking-worker', 'auth-server', 'searxng', 'ollama'].includes(name),
      );
    }
    for (const name of ['public', 'egress'])
      expect(effective.networks?.[name]?.internal ?? false, `${name} is not internal`).toBe(false);
  });

  it('gives every long-running service an enabled healthcheck; Rankgate services run infra/healthcheck.mjs, Redis runs redis-cli ping', () => {
    for (const [name, service] of Object.entries(services)) {
      if (ONE_SHOT.includes(name)) {
        expect(service.restart, `${name} runs once`).toBe('no');
        continue;
      }
      expect(service.healthcheck?.disable ?? false, `${name} healthcheck enabled`).toBe(false);
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeDefined();
    }
    for (const [, service] of nodeServices)
      expect(service.healthcheck?.test).toEqual(['CMD', 'node', '/app/infra/healthcheck.mjs']);
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.searxng?.healthcheck?.test).toEqual([
      'CMD',
      'wget',
      '-q',
      '--spider',
      'http://127.0.0.1:8080/healthz',
    ]);
    expect(services.ollama?.healthcheck?.test).toEqual(['CMD', 'ollama', 'list']);
  });

  it('makes every service that uses Redis wait for redis to be healthy, and the gateway for the services it proxies', () => {
    for (const [name, service] of nodeServices) {
      expect(envOf(service).REDIS_URL, `${name} REDIS_URL`).toBe('redis://redis:6379');
      expect(dependenciesOf(service).redis, `${name} depends_on redis`).toBe('service_healthy');
    }
    expect(dependenciesOf(services.gateway ?? {})).toEqual({
      redis: 'service_healthy',
      search: 'service_healthy',
      'auth-server': 'service_healthy',
      mcp: 'service_healthy',
    });
  });

  it('runs Redis 7 with maxmemory-policy noeviction (BullMQ) and AOF on a named volume', () => {
    const redis = services.redis ?? {};
    expect(redis.image).toMatch(/^redis:7/);
    const command = Array.isArray(redis.command) ? redis.command.join(' ') : (redis.command ?? '');
    expect(command).toMatch(/--maxmemory-policy noeviction\b/);
    expect(command).toMatch(/--appendonly yes\b/);
    expect(redis.volumes).toContain('redis-data:/data');
  });

  it('gives every Rankgate process INTERNAL_TOKEN through the one x-common-env anchor; the CHANGEME default is refused by all five, and an override reaches all five', () => {
    const anchored = composeDocument.get('x-common-env', true);
    expect(isMap(anchored) && anchored.anchor).toBe('common-env');
    for (const name of RANKGATE_SERVICES) {
      // In the YAML itself: `environment: { <<: *common-env | [*common-env, ...], ... }` and no own INTERNAL_TOKEN.
      const environment = composeDocument.getIn(['services', name, 'environment'], true);
      expect(isMap(environment), `${name} has its own environment map`).toBe(true);
      if (!isMap(environment)) continue;
      // With merge keys on, yaml parses `<<` as a Symbol-valued scalar key.
      const merge = environment.items.find(
        ({ key }) =>
          isScalar(key) && (key.value === '<<' || (typeof key.value === 'symbol' && key.value.description === '<<')),
      )?.value;
      const merged = isSeq(merge) ? merge.items : [merge];
      expect(
        merged.some((node) => isAlias(node) && node.source === 'common-env'),
        `${name} merges *common-env`,
      ).toBe(true);
      expect(environment.has('INTERNAL_TOKEN'), `${name} must not set its own INTERNAL_TOKEN`).toBe(false);
    }
    const defaults = RANKGATE_SERVICES.map((name) => envOf(services[name] ?? {}).INTERNAL_TOKEN ?? '');
    expect(new Set(defaults)).toEqual(new Set(['CHANGEME']));
    expect(composeSource).toMatch(/INTERNAL_TOKEN: \$\{INTERNAL_TOKEN:-CHANGEME\} # CHANGEME/);
    // Nothing starts on the placeholder: each process refuses it as it refuses any bad variable.
    for (const name of RANKGATE_SERVICES)
      expect(schemaAccepts(name, envOf(services[name] ?? {})), `${name} starts on INTERNAL_TOKEN=CHANGEME`).toBe(false);

    const secret = 'f'.repeat(64);
    const overridden = interpolate(written, { INTERNAL_TOKEN: secret });
    for (const name of RANKGATE_SERVICES) {
      expect(envOf(overridden.services[name] ?? {}).INTERNAL_TOKEN).toBe(secret);
      expect(
        schemaAccepts(name, withoutPending(name, envOf(overridden.services[name] ?? {}))),
        `${name} starts once INTERNAL_TOKEN is set`,
      ).toBe(true);
    }
  });

  it('shuts down cleanly: init as PID 1, restart unless-stopped, stop grace above the 10 s SHUTDOWN_TIMEOUT_MS default', () => {
    for (const [name, service] of nodeServices) {
      expect(service.init, `${name} init`).toBe(true);
      expect(service.restart, `${name} restart`).toBe('unless-stopped');
      expect(seconds(service.stop_grace_period), `${name} stop_grace_period`).toBeGreaterThan(10);
      expect(envOf(service).HOST, `${name} HOST`).toBe('0.0.0.0');
    }
    expect(services['ranking-worker']?.container_name, 'ranking-worker must stay scalable').toBeUndefined();
  });

  it('passes discover settings to search, judge settings to search and ranking-worker, access policy to the gateway and the search limits to mcp, as ${VAR:-} passthroughs', () => {
    const discover = [
      'DISCOVER_PROVIDER',
      'BRAVE_API_KEY',
      'TAVILY_API_KEY',
      'EXA_API_KEY',
      'SERPER_API_KEY',
      'SEARXNG_URL',
    ];
    const judge = ['JUDGE', 'JUDGE_BASE_URL', 'JUDGE_MODEL', 'JUDGE_API_KEY'];
    const policy = [
      'OPERATOR_API_KEY',
      'RATE_LIMIT_PER_MINUTE',
      'RATE_LIMIT_REST_URL',
      'RATE_LIMIT_REST_TOKEN',
      'DEMO_MODE',
      'DEMO_API_KEY',
      'DEMO_LIMIT',
      'TRUST_PROXY',
    ];
    const passthrough = (service: string, names: string[]): void => {
      const environment = envOf(written.services[service] ?? {});
      for (const name of names) expect(environment[name], `${service} ${name}`).toBe(`\${${name}:-}`);
    };
    passthrough('search', [...discover, ...judge]);
    passthrough('ranking-worker', judge);
    // Provider keys stay with the one service that calls providers.
    for (const variable of discover)
      expect(envOf(services['ranking-worker'] ?? {}), `ranking-worker gets ${variable}`).not.toHaveProperty([variable]);
    passthrough('gateway', policy);
    // search_web charges the same limits in the same store as the gateway's REST searches.
    passthrough('mcp', ['RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_REST_URL', 'RATE_LIMIT_REST_TOKEN', 'DEMO_LIMIT']);
    // Secrets stay where they are used.
    expect(
      Object.keys(envOf(services.mcp ?? {}))
        .filter((key) => /API_KEY|TOKEN$/.test(key))
        .sort(),
    ).toEqual(['INTERNAL_TOKEN', 'METRICS_TOKEN', 'RATE_LIMIT_REST_TOKEN']);
    // The auth-server's consent and claim pages check the operator key.
    expect(
      Object.keys(envOf(services['auth-server'] ?? {}))
        .filter((key) => /API_KEY|TOKEN$/.test(key))
        .sort(),
    ).toEqual(['INTERNAL_TOKEN', 'METRICS_TOKEN', 'OPERATOR_API_KEY']);
  });

  it("points the gateway at each service's health-probed port, and mcp back at the gateway", () => {
    const gateway = envOf(services.gateway ?? {});
    const urls = {
      search: gateway.SEARCH_SERVICE_URL,
      'auth-server': gateway.AUTH_SERVICE_URL,
      mcp: gateway.MCP_SERVICE_URL,
    };
    for (const [name, url] of Object.entries(urls)) expect(url).toBe(`http://${name}:${probes[name]?.port}`);
    expect(envOf(services.mcp ?? {}).GATEWAY_URL).toBe(`http://gateway:${probes.gateway?.port}`);
    expect(() => new URL(gateway.BASE_URL ?? '')).not.toThrow();
  });
});
