/**
 * Test support for infra/compose.test.ts and infra/image.test.ts: docker-compose.yml parsed and interpolated as
 * compose does, the Dockerfile's instructions, the entry script's and health probe's tables, .dockerignore, and
 * the compose linters (the `docker compose` CLI when present, dclint's schema otherwise).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { DCLinter as DCLinterClass } from 'dclint';
import { expect } from 'vitest';
import { parseDocument } from 'yaml';

import type { RankgateService } from './workspace.ts';
import { variablesOf } from './workspace.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const read = (path: string): string => readFileSync(join(root, path), 'utf8');

// ---------------------------------------------------------------------------------------------
// The compose file: as written (YAML merge keys resolved) and as compose runs it (interpolated).
// ---------------------------------------------------------------------------------------------

export interface ComposeService {
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
export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
}

export const composeSource = read('docker-compose.yml');
// uniqueKeys (the default) makes a duplicated key an error, as compose does.
export const composeDocument = parseDocument(composeSource, { merge: true, prettyErrors: true });
export const written = composeDocument.toJS({ maxAliasCount: 1000 }) as ComposeFile;

/**
 * Compose's interpolation: ${VAR}, ${VAR:-default} (unset or empty), ${VAR-default} (unset), $VAR
 * and $$. Anything else (${VAR:?err}, nested defaults) throws, so the file stays within what this
 * test understands. Keys are not interpolated, as in compose.
 */
export function interpolate<T>(value: T, env: Record<string, string | undefined>): T {
  if (typeof value === 'string') {
    const replaced = value.replace(
      /\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (match, braced?: string, bare?: string) => {
        if (match === '$$') return '$';
        if (bare !== undefined) return env[bare] ?? '';
        const parsed = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:-|-)([^$]*))?$/.exec(braced ?? '');
        if (!parsed) throw new Error(`unsupported interpolation ${match} in docker-compose.yml`);
        const [, name = '', operator, fallback = ''] = parsed;
        const current = env[name];
        if (operator === ':-') return current ? current : fallback;
        if (operator === '-') return current ?? fallback;
        return current ?? '';
      },
    );
    return replaced as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => interpolate(item, env)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)])) as T;
  }
  return value;
}

/** What a fresh checkout runs with: nothing set, every default applies. */
export const effective = interpolate(written, {});
export const services = effective.services;

/** Optional containers and the profile that starts them (`COMPOSE_PROFILES=searxng,ollama`). */
export const PROFILED = { searxng: 'searxng', ollama: 'ollama', 'ollama-pull': 'ollama' } as const;
/** Run once and exit (no healthcheck: nothing waits on them being healthy). */
export const ONE_SHOT = ['ollama-pull'];
export const nodeServices = Object.entries(services).filter(([, service]) => service.build !== undefined);

export const envOf = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
export const networksOf = (service: ComposeService): string[] =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {});
export const dependenciesOf = (service: ComposeService): Record<string, string> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, 'service_started']))
    : Object.fromEntries(
        Object.entries(service.depends_on ?? {}).map(([name, dep]) => [name, dep.condition ?? 'service_started']),
      );
export const seconds = (duration: string | undefined): number => {
  const parsed = /^(\d+)(ms|s|m)$/.exec(duration ?? '');
  if (!parsed) return Number.NaN;
  return Number(parsed[1]) * ({ ms: 0.001, s: 1, m: 60 } as const)[parsed[2] as 'ms' | 's' | 'm'];
};

// ---------------------------------------------------------------------------------------------
// The image: Dockerfile instructions, the entry script and the health probe.
// ---------------------------------------------------------------------------------------------

export interface Instruction {
  keyword: string;
  args: string;
}
/** Dockerfile instructions with comments dropped and `\` continuations joined. */
export const dockerfile: Instruction[] = read('infra/Dockerfile')
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
export const stageStarts = dockerfile.flatMap((instruction, index) => (instruction.keyword === 'FROM' ? [index] : []));
export const finalStage = dockerfile.slice(stageStarts.at(-1));
export const globalArgs = Object.fromEntries(
  dockerfile
    .slice(0, stageStarts[0])
    .filter((i) => i.keyword === 'ARG')
    .map((i) => {
      const [name = '', value = ''] = i.args.split('=');
      return [name, value.replace(/^"|"$/g, '')];
    }),
);

/** SERVICE -> entry file, from the `case` in infra/docker-entrypoint.sh. */
export const entrypointSource = read('infra/docker-entrypoint.sh');
export const entries = Object.fromEntries(
  [...entrypointSource.matchAll(/^\s*([a-z-]+)\)\s+entry=(\S+)\s*;;/gm)].map((m) => [m[1], m[2]]),
);

/** SERVICE -> [port variable, default port, path], from the table in infra/healthcheck.mjs. */
const probeSource = read('infra/healthcheck.mjs');
export const probes = Object.fromEntries(
  [...probeSource.matchAll(/^\s*'?([a-z-]+)'?: \['(\w+)', (\d+), '([^']+)'\]/gm)].map((m) => [
    m[1],
    { portVariable: m[2] ?? '', port: Number(m[3]), path: m[4] ?? '' },
  ]),
);

export const dockerignore = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
/** Docker's .dockerignore matching for the pattern forms used here (`**` and `*`, no `!` exceptions). */
const ignored = dockerignore.map((pattern) => {
  if (pattern.startsWith('!')) throw new Error(`.dockerignore exception ${pattern}: teach this test's matcher first`);
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split(/(\*\*\/|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}(?:/.*)?$`); // excluding a folder excludes what is in it
});
export const isDockerignored = (path: string): boolean => ignored.some((pattern) => pattern.test(path));

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
export const hasComposePlugin = succeeds('docker', ['compose', 'version']);
export const hasComposeV1 = succeeds('docker-compose', ['version']);

export function runComposeConfig(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, [...args, '-f', join(root, 'docker-compose.yml'), 'config', '-q'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * dclint validates a compose file against the Compose Specification JSON schema it bundles (the schema
 * compose itself validates against), after resolving YAML merge keys. Its opinionated style rules are
 * off; the few correctness rules that fit this file are on (`schemaOnly`: all off). Returns the errors.
 */
export type Lint = (source: string) => string[];
export async function loadLinter({ schemaOnly = false } = {}): Promise<Lint> {
  // Loaded here, not imported at the top, so the other checks still run when it is missing.
  let DCLinter: typeof DCLinterClass;
  try {
    ({ DCLinter } = await import('dclint'));
  } catch (error) {
    throw new Error(
      `dclint is not installed; it ships the Compose Specification schema. Add "dclint": "3.1.0" to the root devDependencies. (${String(error)})`,
      { cause: error },
    );
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
        result.messages.map((m) => `${m.rule}: ${m.message} (line ${m.line})`),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
}

/** A service's compose environment without the variables whose reader is not built yet. */
export const withoutPending = (name: RankgateService, env: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter(([key]) => variablesOf(name).has(key)));
