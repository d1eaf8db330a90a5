/**
 * Checks infra/Dockerfile, the entry script, the health probe and .dockerignore without a Docker engine: the
 * image's properties, that they agree with each service's config, and that the runtime stage's files (assembled
 * from the Dockerfile's COPY lines and .dockerignore) start all five services through the entry script, pass the
 * probe and stop on SIGTERM. The compose file is infra/compose.test.ts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { RANKGATE_SERVICES } from './testing/workspace.ts';
import {
  dockerfile,
  dockerignore,
  entries,
  entrypointSource,
  finalStage,
  globalArgs,
  isDockerignored,
  probes,
  read,
  root,
  stageStarts,
} from './testing/compose-and-image.ts';

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
    for (const manifest of [
      'package.json',
      'package-lock.json',
      ...workspaces.filter((w) => w !== 'e2e').map((w) => `${w}/package.json`),
    ]) {
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
    const sources = finalStage
      .filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
      .flatMap((i) =>
        i.args
          .split(/\s+/)
          .filter((arg) => !arg.startsWith('--'))
          .slice(0, -1),
      );
    expect(sources).toEqual(
      expect.arrayContaining([
        'shared',
        'gateway',
        'services',
        'bin',
        'docs',
        'infra/docker-entrypoint.sh',
        'infra/healthcheck.mjs',
      ]),
    );
    for (const source of sources) {
      const path = join(root, source);
      expect(existsSync(path), `${source} exists`).toBe(true);
      if (statSync(path).isDirectory())
        expect(readdirSync(path, { recursive: true }).length, `${source}/ has files`).toBeGreaterThan(0);
      expect(isDockerignored(source), `${source} is not dockerignored`).toBe(false);
    }
  });

  it('has an exec-form ENTRYPOINT, a node-based HEALTHCHECK, EXPOSE 8080, OCI labels and BUILD_VERSION -> RANKGATE_BUILD_VERSION', () => {
    const one = (keyword: string): string =>
      finalStage
        .filter((i) => i.keyword === keyword)
        .map((i) => i.args)
        .join(' ');
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
      expect(config, `${name} config.ts defines ${probe?.portVariable} default ${probe?.port}`).toContain(
        `${probe?.portVariable}: portField(${probe?.port},`,
      );
    }
    expect(entrypointSource).toMatch(/^exec node "\$entry"$/m);
  });

  it('entry script refuses an unknown SERVICE (exit 64) and runs a given command instead of a service', () => {
    const refused = spawnSync('sh', [join(root, 'infra/docker-entrypoint.sh')], {
      env: { ...process.env, SERVICE: 'nope' },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(64);
    expect(refused.stderr).toMatch(/SERVICE must be one of/);
    const command = spawnSync('sh', [join(root, 'infra/docker-entrypoint.sh'), 'echo', 'hello'], { encoding: 'utf8' });
    expect(command.stdout.trim()).toBe('hello');
  });

  it("health probe exits 0 on a 2xx from the service's route and 1 on an error status, no listener or unknown SERVICE", async () => {
    const seen: string[] = [];
    let status = 200;
    const server: Server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Async spawn: the probe calls this process's server, so the event loop must keep running.
    const probe = (env: Record<string, string>): Promise<number | null> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [join(root, 'infra/healthcheck.mjs')], {
          env: { PATH: process.env.PATH ?? '', ...env },
          stdio: 'ignore',
        });
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
    for (const pattern of [
      '**/node_modules',
      '.git',
      'coverage',
      '.bench',
      'docs/site',
      'e2e',
      '**/*.test.ts',
      '.env',
    ]) {
      expect(dockerignore).toContain(pattern);
    }
    for (const path of [
      'node_modules/tsx',
      'shared/node_modules/x',
      'shared/contracts/src/config/load-config.test.ts',
      'e2e/package.json',
      'docs/site/index.html',
    ]) {
      expect(isDockerignored(path), path).toBe(true);
    }
    for (const path of [
      'shared/contracts/src/config/load-config.ts',
      'docs/index.md',
      'infra/healthcheck.mjs',
      'package-lock.json',
    ]) {
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

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createTcpServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
  });

const exitOf = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

describe("the runtime image's files, started without Docker", () => {
  it('each SERVICE starts through the entry script from only what the Dockerfile copies, passes the health probe and exits 0 on SIGTERM', async () => {
    const app = mkdtempSync(join(tmpdir(), 'rankgate-image-'));
    const children = new Map<string, { child: ChildProcess; output: string[] }>();
    try {
      assembleImageFiles(app);
      const ports = Object.fromEntries(
        await Promise.all(RANKGATE_SERVICES.map(async (name) => [name, String(await freePort())] as const)),
      );
      const portEnv = Object.fromEntries(
        RANKGATE_SERVICES.map((name) => [probes[name]?.portVariable ?? '', ports[name] ?? '']),
      );
      const base = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TMPDIR: tmpdir(),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        INTERNAL_TOKEN: 'image-files-test-internal-token-0123456789',
        LOG_LEVEL: 'warn',
        ...portEnv,
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
          env: { ...base, ...extra[name], SERVICE: name },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        const output: string[] = [];
        child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
        child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
        children.set(name, { child, output });
      }
      const probe = (name: string): Promise<number | null> =>
        exitOf(
          spawn(process.execPath, [join(app, 'infra/healthcheck.mjs')], {
            env: { ...base, SERVICE: name },
            stdio: 'ignore',
          }),
        );
      const deadline = Date.now() + 60_000;
      for (const name of RANKGATE_SERVICES) {
        const { child, output } = children.get(name) ?? {};
        for (;;) {
          expect(child?.exitCode ?? null, `${name} exited early:\n${output?.join('')}`).toBeNull();
          if ((await probe(name)) === 0) break;
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
