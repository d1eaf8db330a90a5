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
 *   4. Always: the runtime stage's files, assembled from the Dockerfile's COPY lines and .dockerignore,
 *      start all five services through the entry script, pass the probe and stop on SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { DCLinter as DCLinterClass } from 'dclint';
import { describe, expect, it } from 'vitest';
import { isAlias, isMap, isScalar, isSeq, parse, parseDocument, stringify } from 'yaml';

import { CHANGEME_SECRETS } from '../scripts/docs/render-docs.ts';
import { accepts, RANKGATE_SERVICES, schemaAccepts, variablesOf } from './testing/workspace.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

// ---------------------------------------------------------------------------------------------
// The compose file: as written (YAML merge keys resolved) and as compose runs it (interpolated).
// ---------------------------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | { published?: string | number; target?: number })[];
  networks?: string[] | Record<string, unknown>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: (string | { source?: string; type?: string })[];
  init?: boolean;
  restart?: string;
  stop_grace_period?: string;
  network_mode?: string;
  container_name?: string;
  hostname?: string;
  profiles?: string[];
  deploy?: { replicas?: number };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
}

const composeSource = read('docker-compose.yml');
// uniqueKeys (the default) makes a duplicated key an error, as compose does.
const composeDocument = parseDocument(composeSource, { merge: true, prettyErrors: true });
const written = composeDocument.toJS({ maxAliasCount: 1000 }) as ComposeFile;

/**
 * Compose's interpolation: ${VAR}, ${VAR:-default} (unset or empty), ${VAR-default} (unset), $VAR
 * and $$. Anything else (${VAR:?err}, nested defaults) throws, so the file stays within what this
 * test understands. Keys are not interpolated, as in compose.
 */
function interpolate<T>(value: T, env: Record<string, string | undefined>): T {
  if (typeof value === 'string') {
    const replaced = value.replace(/\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced?: string, bare?: string) => {
      if (match === '$$') return '$';
      if (bare !== undefined) return env[bare] ?? '';
      const parsed = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:-|-)([^$]*))?$/.exec(braced ?? '');
      if (!parsed) throw new Error(`unsupported interpolation ${match} in docker-compose.yml`);
      const [, name = '', operator, fallback = ''] = parsed;
      const current = env[name];
      if (operator === ':-') return current ? current : fallback;
      if (operator === '-') return current ?? fallback;
      return current ?? '';
    });
    return replaced as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => interpolate(item, env)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)])) as T;
  }
  return value;
}

/** What a fresh checkout runs with: nothing set, every default applies. */
const effective = interpolate(written, {});
const services = effective.services;

/** Optional containers and the profile that starts them (`COMPOSE_PROFILES=searxng,ollama`). */
const PROFILED = { searxng: 'searxng', ollama: 'ollama', 'ollama-pull': 'ollama' } as const;
/** Run once and exit (no healthcheck: nothing waits on them being healthy). */
const ONE_SHOT = ['ollama-pull'];
const nodeServices = Object.entries(services).filter(([, service]) => service.build !== undefined);

const envOf = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, value == null ? '' : String(value)]));
const networksOf = (service: ComposeService): string[] =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {});
const dependenciesOf = (service: ComposeService): Record<string, string> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, 'service_started']))
    : Object.fromEntries(Object.entries(service.depends_on ?? {}).map(([name, dep]) => [name, dep.condition ?? 'service_started']));
const seconds = (duration: string | undefined): number => {
  const parsed = /^(\d+)(ms|s|m)$/.exec(duration ?? '');
  if (!parsed) return Number.NaN;
  return Number(parsed[1]) * ({ ms: 0.001, s: 1, m: 60 } as const)[parsed[2] as 'ms' | 's' | 'm'];
};

// ---------------------------------------------------------------------------------------------
// The image: Dockerfile instructions, the entry script and the health probe.
// ---------------------------------------------------------------------------------------------

interface Instruction { keyword: string; args: string }
/** Dockerfile instructions with comments dropped and `\` continuations joined. */
const dockerfile: Instruction[] = read('infra/Dockerfile')
  .split('\n')
  .filter((line) => !line.trimStart().startsWith('#'))
  .join('\n')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean)
  .map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const stageStarts = dockerfile.flatMap((instruction, index) => (instruction.keyword === 'FROM' ? [index] : []));
const finalStage = dockerfile.slice(stageStarts.at(-1));
const globalArgs = Object.fromEntries(dockerfile.slice(0, stageStarts[0]).filter((i) => i.keyword === 'ARG').map((i) => {
  const [name = '', value = ''] = i.args.split('=');
  return [name, value.replace(/^"|"$/g, '')];
}));

/** SERVICE -> entry file, from the `case` in infra/docker-entrypoint.sh. */
const entrypointSource = read('infra/docker-entrypoint.sh');
const entries = Object.fromEntries([...entrypointSource.matchAll(/^\s*([a-z-]+)\)\s+entry=(\S+)\s*;;/gm)].map((m) => [m[1], m[2]]));

/** SERVICE -> [port variable, default port, path], from the table in infra/healthcheck.mjs. */
const probeSource = read('infra/healthcheck.mjs');
const probes = Object.fromEntries([...probeSource.matchAll(/^\s*'?([a-z-]+)'?: \['(\w+)', (\d+), '([^']+)'\]/gm)]
  .map((m) => [m[1], { portVariable: m[2] ?? '', port: Number(m[3]), path: m[4] ?? '' }]));

const dockerignore = read('.dockerignore').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
/** Docker's .dockerignore matching for the pattern forms used here (`**` and `*`, no `!` exceptions). */
const ignored = dockerignore.map((pattern) => {
  if (pattern.startsWith('!')) throw new Error(`.dockerignore exception ${pattern}: teach this test's matcher first`);
  const body = pattern.replace(/^\/+|\/+$/g, '').split(/(\*\*\/|\*|\?)/).map((part) => {
    if (part === '**/') return '(?:.*/)?';
    if (part === '*') return '[^/]*';
    if (part === '?') return '[^/]';
    return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }).join('');
  return new RegExp(`^${body}(?:/.*)?$`); // excluding a folder excludes what is in it
});
const isDockerignored = (path: string): boolean => ignored.some((pattern) => pattern.test(path));

// ---------------------------------------------------------------------------------------------
// Real compose implementations, where this machine has one.
// ---------------------------------------------------------------------------------------------

const succeeds = (command: string, args: string[]): boolean => {
  try {
    return spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;
  } catch {
    return false;
  }
};
const hasComposePlugin = succeeds('docker', ['compose', 'version']);
const hasComposeV1 = succeeds('docker-compose', ['version']);

function runComposeConfig(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, [...args, '-f', join(root, 'docker-compose.yml'), 'config', '-q'], {
    cwd: root, encoding: 'utf8', timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * dclint validates a compose file against the Compose Specification JSON schema it bundles (the schema
 * compose itself validates against), after resolving YAML merge keys. Its opinionated style rules are
 * off; the few correctness rules that fit this file are on (`schemaOnly`: all off). Returns the errors.
 */
type Lint = (source: string) => string[];
async function loadLinter({ schemaOnly = false } = {}): Promise<Lint> {
  // Loaded here, not imported at the top, so the other checks still run when it is missing.
  let DCLinter: typeof DCLinterClass;
  try {
    ({ DCLinter } = await import('dclint'));
  } catch (error) {
    throw new Error(`dclint is not installed; it ships the Compose Specification schema. Add "dclint": "3.1.0" to the root devDependencies. (${String(error)})`, { cause: error });
  }
  // A rule left out of this list is on, so every rule of dclint 3.1.0 is listed.
  const rules: Record<string, 0 | 2 | [2, Record<string, unknown>]> = {
    'no-build-and-image': 2,
    'no-duplicate-container-names': 2,
    'no-duplicate-exported-ports': 2,
    'no-quotes-in-volumes': 2,
    'no-version-field': 2,
    'require-quotes-in-ports': [2, { quoteType: 'double' }],
    'service-container-name-regex': 2,
    'service-image-require-explicit-tag': 2,
    // Deliberate: the gateway is the public origin (PORT=127.0.0.1:8080 binds it to loopback),
    // and the project name comes from -p or the folder (see the note in docker-compose.yml).
    'no-unbound-port-interfaces': 0,
    'require-project-name-field': 0,
    // Style only.
    'service-dependencies-alphabetical-order': 0,
    'service-keys-order': 0,
    'service-ports-alphabetical-order': 0,
    'services-alphabetical-order': 0,
    'top-level-properties-order': 0,
  };
  const linter = new DCLinter({
    quiet: true,
    debug: false,
    exclude: [],
    rules: schemaOnly ? Object.fromEntries(Object.keys(rules).map((rule) => [rule, 0])) : rules,
  });
  return (source) => {
    // dclint lints files: each source gets its own folder so the file keeps a compose file name.
    const folder = mkdtempSync(join(tmpdir(), 'rankgate-compose-'));
    try {
      const file = join(folder, 'docker-compose.yml');
      writeFileSync(file, source);
      const results = linter.lintFiles([file], false);
      expect(results).toHaveLength(1);
      // dclint's .d.ts files use extensionless imports that NodeNext cannot follow, hence the annotation.
      return results.flatMap((result: { messages: { rule: string; message: string; line: number }[] }) =>
        result.messages.map((m) => `${m.rule}: ${m.message} (line ${m.line})`));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
}

// =============================================================================================

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

  it.runIf(hasComposeV1)('passes `docker-compose config -q` (Debian docker-compose 1.29 present on this machine)', () => {
    const { status, output } = runComposeConfig('docker-compose', []);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('references only defined services, networks and volumes, with no depends_on cycle (what `compose config` checks beyond the schema)', () => {
    const networks = Object.keys(effective.networks ?? {});
    const volumes = Object.keys(effective.volumes ?? {});
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(dependenciesOf(service))) expect(services, `${name} depends_on ${dependency}`).toHaveProperty([dependency]);
      for (const network of networksOf(service)) expect(networks, `${name} joins network ${network}`).toContain(network);
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] ?? '' : volume.source ?? '';
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
    expect(Object.keys(services).filter((name) => !services[name]?.profiles).sort()).toEqual([...RANKGATE_SERVICES, 'redis'].sort());
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
      expect(networks.includes('egress'), `${name} on egress`).toBe(['search', 'ranking-worker', 'auth-server', 'searxng', 'ollama'].includes(name));
    }
    for (const name of ['public', 'egress']) expect(effective.networks?.[name]?.internal ?? false, `${name} is not internal`).toBe(false);
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
    for (const [, service] of nodeServices) expect(service.healthcheck?.test).toEqual(['CMD', 'node', '/app/infra/healthcheck.mjs']);
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.searxng?.healthcheck?.test).toEqual(['CMD', 'wget', '-q', '--spider', 'http://127.0.0.1:8080/healthz']);
    expect(services.ollama?.healthcheck?.test).toEqual(['CMD', 'ollama', 'list']);
  });

  it('makes every service that uses Redis wait for redis to be healthy, and the gateway for the services it proxies', () => {
    for (const [name, service] of nodeServices) {
      expect(envOf(service).REDIS_URL, `${name} REDIS_URL`).toBe('redis://redis:6379');
      expect(dependenciesOf(service).redis, `${name} depends_on redis`).toBe('service_healthy');
    }
    expect(dependenciesOf(services.gateway ?? {})).toEqual({
      redis: 'service_healthy', search: 'service_healthy', 'auth-server': 'service_healthy', mcp: 'service_healthy',
    });
  });

  it('runs Redis 7 with maxmemory-policy noeviction (BullMQ) and AOF on a named volume', () => {
    const redis = services.redis ?? {};
    expect(redis.image).toMatch(/^redis:7/);
    const command = Array.isArray(redis.command) ? redis.command.join(' ') : redis.command ?? '';
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
      const merge = environment.items.find(({ key }) => isScalar(key) && (key.value === '<<' || (typeof key.value === 'symbol' && key.value.description === '<<')))?.value;
      const merged = isSeq(merge) ? merge.items : [merge];
      expect(merged.some((node) => isAlias(node) && node.source === 'common-env'), `${name} merges *common-env`).toBe(true);
      expect(environment.has('INTERNAL_TOKEN'), `${name} must not set its own INTERNAL_TOKEN`).toBe(false);
    }
    const defaults = RANKGATE_SERVICES.map((name) => envOf(services[name] ?? {}).INTERNAL_TOKEN ?? '');
    expect(new Set(defaults)).toEqual(new Set(['CHANGEME']));
    expect(composeSource).toMatch(/INTERNAL_TOKEN: \$\{INTERNAL_TOKEN:-CHANGEME\} # CHANGEME/);
    // Nothing starts on the placeholder: each process refuses it as it refuses any bad variable.
    for (const name of RANKGATE_SERVICES) expect(schemaAccepts(name, envOf(services[name] ?? {})), `${name} starts on INTERNAL_TOKEN=CHANGEME`).toBe(false);

    const secret = 'f'.repeat(64);
    const overridden = interpolate(written, { INTERNAL_TOKEN: secret });
    for (const name of RANKGATE_SERVICES) {
      expect(envOf(overridden.services[name] ?? {}).INTERNAL_TOKEN).toBe(secret);
      expect(schemaAccepts(name, withoutPending(name, envOf(overridden.services[name] ?? {}))), `${name} starts once INTERNAL_TOKEN is set`).toBe(true);
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
    const discover = ['DISCOVER_PROVIDER', 'BRAVE_API_KEY', 'TAVILY_API_KEY', 'EXA_API_KEY', 'SERPER_API_KEY', 'SEARXNG_URL'];
    const judge = ['JUDGE', 'JUDGE_BASE_URL', 'JUDGE_MODEL', 'JUDGE_API_KEY'];
    const policy = ['OPERATOR_API_KEY', 'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_REST_URL', 'RATE_LIMIT_REST_TOKEN', 'DEMO_MODE', 'DEMO_API_KEY', 'DEMO_LIMIT', 'TRUST_PROXY'];
    const passthrough = (service: string, names: string[]): void => {
      const environment = envOf(written.services[service] ?? {});
      for (const name of names) expect(environment[name], `${service} ${name}`).toBe(`\${${name}:-}`);
    };
    passthrough('search', [...discover, ...judge]);
    passthrough('ranking-worker', judge);
    // Provider keys stay with the one service that calls providers.
    for (const variable of discover) expect(envOf(services['ranking-worker'] ?? {}), `ranking-worker gets ${variable}`).not.toHaveProperty([variable]);
    passthrough('gateway', policy);
    // search_web charges the same limits in the same store as the gateway's REST searches.
    passthrough('mcp', ['RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_REST_URL', 'RATE_LIMIT_REST_TOKEN', 'DEMO_LIMIT']);
    // Secrets stay where they are used.
    expect(Object.keys(envOf(services.mcp ?? {})).filter((key) => /API_KEY|TOKEN$/.test(key)).sort()).toEqual(['INTERNAL_TOKEN', 'METRICS_TOKEN', 'RATE_LIMIT_REST_TOKEN']);
    // The auth-server's consent and claim pages check the operator key.
    expect(Object.keys(envOf(services['auth-server'] ?? {})).filter((key) => /API_KEY|TOKEN$/.test(key)).sort()).toEqual(['INTERNAL_TOKEN', 'METRICS_TOKEN', 'OPERATOR_API_KEY']);
  });

  it('points the gateway at each service\'s health-probed port, and mcp back at the gateway', () => {
    const gateway = envOf(services.gateway ?? {});
    const urls = { search: gateway.SEARCH_SERVICE_URL, 'auth-server': gateway.AUTH_SERVICE_URL, mcp: gateway.MCP_SERVICE_URL };
    for (const [name, url] of Object.entries(urls)) expect(url).toBe(`http://${name}:${probes[name]?.port}`);
    expect(envOf(services.mcp ?? {}).GATEWAY_URL).toBe(`http://gateway:${probes.gateway?.port}`);
    expect(() => new URL(gateway.BASE_URL ?? '')).not.toThrow();
  });
});

/** A service's compose environment without the variables whose reader is not built yet. */
const withoutPending = (name: (typeof RANKGATE_SERVICES)[number], env: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter(([key]) => variablesOf(name).has(key)));

const envExample = read('.env.example');
/** Uncommented `KEY=value` lines of .env.example (what compose reads from a copied .env). */
const envExampleSet = Object.fromEntries([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));

describe('docker-compose.yml against the services\' configuration', () => {
  it('sets on each Rankgate service only variables its env schema reads (or the image, or an open issue\'s)', () => {
    for (const name of RANKGATE_SERVICES) {
      for (const variable of Object.keys(envOf(services[name] ?? {}))) expect(accepts(name, variable), `${name}: ${variable} is read by nothing`).toBe(true);
    }
  });

  it('.env.example sets exactly the CHANGEME secrets, and every process that reads one refuses the placeholder', () => {
    expect(envExampleSet).toEqual(Object.fromEntries(CHANGEME_SECRETS.map((name) => [name, 'CHANGEME'])));
    for (const secret of CHANGEME_SECRETS) {
      const readers = RANKGATE_SERVICES.filter((name) => variablesOf(name).has(secret));
      expect(readers.length, `${secret} is read by some service`).toBeGreaterThan(0);
      for (const name of readers) expect(schemaAccepts(name, { [secret]: 'CHANGEME' }), `${name} starts with ${secret}=CHANGEME`).toBe(false);
      // ... and compose passes it from .env to them.
      for (const name of readers) expect(Object.keys(envOf(written.services[name] ?? {})), `${name} gets ${secret}`).toContain(secret);
    }
    // With every CHANGEME replaced, the compose deployment starts (as far as configuration goes).
    const replaced = interpolate(written, Object.fromEntries(CHANGEME_SECRETS.map((name) => [name, 'r'.repeat(40)])));
    for (const name of RANKGATE_SERVICES) expect(schemaAccepts(name, withoutPending(name, envOf(replaced.services[name] ?? {}))), name).toBe(true);
  });

  it('scales ranking-worker with --scale: no container_name, hostname, published port or host mount on it', () => {
    const worker = services['ranking-worker'] ?? {};
    expect(worker.container_name).toBeUndefined();
    expect(worker.hostname).toBeUndefined();
    expect(worker.ports ?? []).toEqual([]);
    expect(worker.volumes ?? []).toEqual([]);
    expect(worker.deploy?.replicas).toBe(1);
  });

  it('gives the gateway a metrics port on the internal network only, and every process METRICS_TOKEN', () => {
    const gateway = envOf(services.gateway ?? {});
    expect(Number(gateway.METRICS_PORT)).toBeGreaterThan(0);
    expect(gateway.METRICS_PORT).not.toBe(gateway.PORT);
    expect(JSON.stringify(services.gateway?.ports)).not.toContain(gateway.METRICS_PORT);
    for (const name of RANKGATE_SERVICES) expect(envOf(written.services[name] ?? {}).METRICS_TOKEN, name).toBe('${METRICS_TOKEN:-}');
  });

  it('profile searxng: SearXNG with the JSON format on, where SEARXNG_URL=http://searxng:8080 finds it', () => {
    const searxng = services.searxng ?? {};
    const mount = (searxng.volumes ?? []).map(String).find((volume) => volume.endsWith(':/etc/searxng/settings.yml:ro'));
    expect(mount).toBeDefined();
    const settings = parse(read((mount ?? '').split(':')[0] ?? '')) as { use_default_settings?: boolean; search?: { formats?: string[] }; server?: { limiter?: boolean } };
    expect(settings.use_default_settings).toBe(true);
    expect(settings.search?.formats).toContain('json');
    expect(settings.server?.limiter).toBe(false);
    expect(searxng.image).toMatch(/^searxng\/searxng:\d{4}\.\d+\.\d+-[0-9a-f]+$/);
    // The documented switch is a valid search configuration that points at this container's port.
    const documented = { DISCOVER_PROVIDER: 'searxng', SEARXNG_URL: 'http://searxng:8080' };
    expect(envExample).toContain('DISCOVER_PROVIDER=searxng, SEARXNG_URL=http://searxng:8080');
    expect(schemaAccepts('search', documented)).toBe(true);
    expect(searxng.healthcheck?.test).toContain('http://127.0.0.1:8080/healthz');
  });

  it('profile ollama: a local OpenAI-compatible judge, its model pulled once, reachable at JUDGE_BASE_URL=http://ollama:11434/v1', () => {
    const ollama = services.ollama ?? {};
    expect(ollama.image).toMatch(/^ollama\/ollama:\d+\.\d+\.\d+$/);
    expect(envOf(ollama).OLLAMA_HOST).toBe('0.0.0.0:11434');
    expect(ollama.volumes).toContain('ollama-data:/root/.ollama');
    const pull = services['ollama-pull'] ?? {};
    expect(pull.image).toBe(ollama.image);
    expect(envOf(pull).OLLAMA_HOST).toBe('ollama:11434');
    expect(dependenciesOf(pull)).toEqual({ ollama: 'service_healthy' });
    // The model pulled is the judge's model.
    expect(written.services['ollama-pull']?.command).toEqual(['pull', '${JUDGE_MODEL:-qwen2.5:1.5b}']);
    expect(interpolate(written, { JUDGE_MODEL: 'llama3.2:3b' }).services['ollama-pull']?.command).toEqual(['pull', 'llama3.2:3b']);
    const documented = { JUDGE: 'openai', JUDGE_BASE_URL: 'http://ollama:11434/v1', JUDGE_MODEL: 'qwen2.5:1.5b' };
    expect(envExample).toContain('JUDGE=openai, JUDGE_BASE_URL=http://ollama:11434/v1');
    expect(schemaAccepts('search', documented)).toBe(true);
    expect(schemaAccepts('search', { JUDGE: 'openai' }), 'JUDGE=openai without its URL and model is refused').toBe(false);
  });
});

describe('infra/Dockerfile', () => {
  it('has two FROM stages, deps and runtime, both on node:24-bookworm-slim', () => {
    const stages = stageStarts.map((index) => dockerfile[index]?.args ?? '');
    expect(stages.map((from) => from.split(/\s+AS\s+/i)[1])).toEqual(['deps', 'runtime']);
    for (const from of stages) {
      const image = (from.split(/\s+/)[0] ?? '').replace(/\$\{(\w+)\}/g, (_, name: string) => globalArgs[name] ?? '');
      expect(image).toBe('node:24-bookworm-slim');
    }
  });

  it('installs production dependencies only, from every workspace manifest except e2e (which .dockerignore leaves out)', () => {
    const deps = dockerfile.slice(stageStarts[0], stageStarts[1]);
    expect(deps.some((i) => i.keyword === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    const copied = deps.filter((i) => i.keyword === 'COPY').flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const manifest of ['package.json', 'package-lock.json', ...workspaces.filter((w) => w !== 'e2e').map((w) => `${w}/package.json`)]) {
      expect(copied, `deps stage copies ${manifest}`).toContain(manifest);
    }
    expect(dockerignore).toContain('e2e');
  });

  it('runs the final stage as a non-root USER, with NODE_ENV=production', () => {
    const user = finalStage.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    expect(finalStage.some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args))).toBe(true);
  });

  it('copies sources that exist and are not dockerignored (an empty folder is not in a git checkout)', () => {
    const sources = finalStage.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
      .flatMap((i) => i.args.split(/\s+/).filter((arg) => !arg.startsWith('--')).slice(0, -1));
    expect(sources).toEqual(expect.arrayContaining(['shared', 'gateway', 'services', 'bin', 'docs', 'infra/docker-entrypoint.sh', 'infra/healthcheck.mjs']));
    for (const source of sources) {
      const path = join(root, source);
      expect(existsSync(path), `${source} exists`).toBe(true);
      if (statSync(path).isDirectory()) expect(readdirSync(path, { recursive: true }).length, `${source}/ has files`).toBeGreaterThan(0);
      expect(isDockerignored(source), `${source} is not dockerignored`).toBe(false);
    }
  });

  it('has an exec-form ENTRYPOINT, a node-based HEALTHCHECK, EXPOSE 8080, OCI labels and BUILD_VERSION -> RANKGATE_BUILD_VERSION', () => {
    const one = (keyword: string): string => finalStage.filter((i) => i.keyword === keyword).map((i) => i.args).join(' ');
    expect(JSON.parse(one('ENTRYPOINT'))).toEqual(['/bin/sh', '/app/infra/docker-entrypoint.sh']);
    expect(one('HEALTHCHECK')).toMatch(/CMD \["node", "\/app\/infra\/healthcheck\.mjs"\]$/);
    expect(one('EXPOSE').split(/\s+/)).toContain('8080');
    expect(one('LABEL')).toMatch(/org\.opencontainers\.image\.title=/);
    expect(one('LABEL')).toMatch(/org\.opencontainers\.image\.version="\$\{BUILD_VERSION\}"/);
    expect(one('ARG')).toMatch(/\bBUILD_VERSION=/);
    expect(one('ENV')).toMatch(/\bRANKGATE_BUILD_VERSION=\$\{BUILD_VERSION\}/);
    expect(one('ENV')).toMatch(/\bSERVICE=\$\{SERVICE\}/);
  });
});

describe('infra/docker-entrypoint.sh and infra/healthcheck.mjs', () => {
  it('map each SERVICE to its main.ts and to the port and health route its config.ts defines', () => {
    expect(Object.keys(entries).sort()).toEqual([...RANKGATE_SERVICES].sort());
    expect(Object.keys(probes).sort()).toEqual([...RANKGATE_SERVICES].sort());
    for (const name of RANKGATE_SERVICES) {
      const entry = entries[name] ?? '';
      expect(existsSync(join(root, entry)), `${entry} exists`).toBe(true);
      const probe = probes[name];
      expect(probe?.path).toBe(name === 'gateway' ? '/health' : '/internal/health');
      // The probe's port must be the default the service listens on.
      const config = read(entry.replace(/main\.ts$/, 'config.ts'));
      expect(config, `${name} config.ts defines ${probe?.portVariable} default ${probe?.port}`).toContain(`${probe?.portVariable}: portField(${probe?.port},`);
    }
    expect(entrypointSource).toMatch(/^exec node "\$entry"$/m);
  });

  it('entry script refuses an unknown SERVICE (exit 64) and runs a given command instead of a service', () => {
    const refused = spawnSync('sh', [join(root, 'infra/docker-entrypoint.sh')], { env: { ...process.env, SERVICE: 'nope' }, encoding: 'utf8' });
    expect(refused.status).toBe(64);
    expect(refused.stderr).toMatch(/SERVICE must be one of/);
    const command = spawnSync('sh', [join(root, 'infra/docker-entrypoint.sh'), 'echo', 'hello'], { encoding: 'utf8' });
    expect(command.stdout.trim()).toBe('hello');
  });

  it('health probe exits 0 on a 2xx from the service\'s route and 1 on an error status, no listener or unknown SERVICE', async () => {
    const seen: string[] = [];
    let status = 200;
    const server: Server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Async spawn: the probe calls this process's server, so the event loop must keep running.
    const probe = (env: Record<string, string>): Promise<number | null> => new Promise((resolve) => {
      const child = spawn(process.execPath, [join(root, 'infra/healthcheck.mjs')], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
      child.on('exit', (code) => resolve(code));
    });
    try {
      expect(await probe({ SERVICE: 'search', SEARCH_PORT: String(port) })).toBe(0);
      expect(await probe({ SERVICE: 'gateway', PORT: String(port) })).toBe(0);
      expect(seen).toEqual(['/internal/health', '/health']);
      status = 503;
      expect(await probe({ SERVICE: 'mcp', MCP_PORT: String(port) })).toBe(1);
      expect(await probe({ SERVICE: 'elsewhere', PORT: String(port) })).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await probe({ SERVICE: 'auth-server', AUTH_SERVER_PORT: String(port) })).toBe(1);
  });
});

describe('.dockerignore', () => {
  it('keeps node_modules, .git, coverage, .bench, docs/site, e2e, tests and .env out of the build context', () => {
    for (const pattern of ['**/node_modules', '.git', 'coverage', '.bench', 'docs/site', 'e2e', '**/*.test.ts', '.env']) {
      expect(dockerignore).toContain(pattern);
    }
    for (const path of ['node_modules/tsx', 'shared/node_modules/x', 'shared/contracts/src/config/load-config.test.ts', 'e2e/package.json', 'docs/site/index.html']) {
      expect(isDockerignored(path), path).toBe(true);
    }
    for (const path of ['shared/contracts/src/config/load-config.ts', 'docs/index.md', 'infra/healthcheck.mjs', 'package-lock.json']) {
      expect(isDockerignored(path), path).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The closest thing to `docker run` without an engine: the runtime stage's files, put together
// from the Dockerfile's own COPY lines and .dockerignore, started through the entry script.
// ---------------------------------------------------------------------------------------------

/** The runtime stage's /app, in `into`. The repo's node_modules stand in for `npm ci --omit=dev`. */
function assembleImageFiles(into: string): void {
  // From the deps stage: the manifests (workspace ones arrive with their folders) and node_modules.
  cpSync(join(root, 'package.json'), join(into, 'package.json'));
  mkdirSync(join(into, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '@rankgate') continue;
    symlinkSync(join(root, 'node_modules', entry), join(into, 'node_modules', entry));
  }
  // Workspace links stay relative, as npm makes them, so they point into the assembled copy.
  mkdirSync(join(into, 'node_modules/@rankgate'));
  for (const entry of readdirSync(join(root, 'node_modules/@rankgate'))) {
    const link = join('node_modules/@rankgate', entry);
    symlinkSync(readlinkSync(join(root, link)), join(into, link));
  }
  for (const { args } of finalStage.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))) {
    const parts = args.split(/\s+/).filter((arg) => !arg.startsWith('--'));
    const destination = join(into, parts.at(-1) ?? '');
    for (const source of parts.slice(0, -1)) {
      const target = parts.at(-1)?.endsWith('/') ? join(destination, source.split('/').at(-1) ?? '') : destination;
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(root, source), target, { recursive: true, filter: (from) => !isDockerignored(relative(root, from)) });
    }
  }
}

const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const server = createTcpServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    server.close(() => resolve(port));
  });
});

const exitOf = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

describe('the runtime image\'s files, started without Docker', () => {
  it('each SERVICE starts through the entry script from only what the Dockerfile copies, passes the health probe and exits 0 on SIGTERM', async () => {
    const app = mkdtempSync(join(tmpdir(), 'rankgate-image-'));
    const children = new Map<string, { child: ChildProcess; output: string[] }>();
    try {
      assembleImageFiles(app);
      const ports = Object.fromEntries(await Promise.all(RANKGATE_SERVICES.map(async (name) => [name, String(await freePort())] as const)));
      const portEnv = Object.fromEntries(RANKGATE_SERVICES.map((name) => [probes[name]?.portVariable ?? '', ports[name] ?? '']));
      const base = {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: tmpdir(), NODE_ENV: 'production', HOST: '127.0.0.1',
        INTERNAL_TOKEN: 'image-files-test-internal-token-0123456789', LOG_LEVEL: 'warn', ...portEnv,
      };
      const extra: Record<string, Record<string, string>> = {
        gateway: {
          SEARCH_SERVICE_URL: `http://127.0.0.1:${ports.search}`,
          AUTH_SERVICE_URL: `http://127.0.0.1:${ports['auth-server']}`,
          MCP_SERVICE_URL: `http://127.0.0.1:${ports.mcp}`,
        },
        mcp: { GATEWAY_URL: `http://127.0.0.1:${ports.gateway}` },
      };
      for (const name of RANKGATE_SERVICES) {
        // `sh script` execs node, so this child's pid is node's and SIGTERM reaches it directly.
        // Own process group, so cleanup reaches node even if a broken script did not exec it.
        const child = spawn('sh', [join(app, 'infra/docker-entrypoint.sh')], {
          env: { ...base, ...extra[name], SERVICE: name }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
        });
        const output: string[] = [];
        child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
        child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
        children.set(name, { child, output });
      }
      const probe = (name: string): Promise<number | null> => exitOf(spawn(process.execPath, [join(app, 'infra/healthcheck.mjs')], { env: { ...base, SERVICE: name }, stdio: 'ignore' }));
      const deadline = Date.now() + 60_000;
      for (const name of RANKGATE_SERVICES) {
        const { child, output } = children.get(name) ?? {};
        for (;;) {
          expect(child?.exitCode ?? null, `${name} exited early:\n${output?.join('')}`).toBeNull();
          if (await probe(name) === 0) break;
          expect(Date.now() < deadline, `${name} never became healthy:\n${output?.join('')}`).toBe(true);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      for (const [name, { child, output }] of children) {
        child.kill('SIGTERM');
        expect(await exitOf(child), `${name} after SIGTERM:\n${output.join('')}`).toBe(0);
      }
    } finally {
      for (const { child } of children.values()) {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is gone already: the process exited.
        }
      }
      rmSync(app, { recursive: true, force: true });
    }
  }, 120_000);
});
