import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LocalIndex } from '../../services/search/src/discover/local/index.ts';

const CLI = fileURLToPath(new URL('./build-index.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  // The caller's own LOCAL_* settings must not leak into the run.
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('LOCAL_'));
  const childEnv = { ...Object.fromEntries(inherited), ...env };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rankgate-cli-'));
  await mkdir(join(dir, 'docs'));
  await writeFile(join(dir, 'docs', 'a.md'), '# Alpha\n\nThe alpha document.');
  await writeFile(join(dir, 'docs', 'b.html'), '<title>Beta</title><p>The beta page.</p>');
  await writeFile(join(dir, 'docs', 'c.txt'), Buffer.from([0, 1, 2]));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run index', () => {
  it('indexes LOCAL_CORPUS into LOCAL_INDEX_PATH and prints count, time and size', async () => {
    const out = join(dir, 'out', 'index.sqlite');
    const result = await run([], {
      LOCAL_CORPUS: join(dir, 'docs'),
      LOCAL_INDEX_PATH: out,
      LOCAL_BASE_URL: 'https://kb.example.com/',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/documents: 2 \(1 skipped, see the warnings\)/);
    expect(result.stdout).toMatch(/build time: \d+\.\d s/);
    expect(result.stdout).toMatch(/index: .*index\.sqlite \(\d+\.\d MiB, format 1, SQLite [\d.]+ FTS5\)/);
    expect(result.stderr).toMatch(/warning: .*c\.txt: skipped, binary/);
    const index = await LocalIndex.open(out);
    expect(index.search('beta', 5)).toMatchObject([{ title: 'Beta', url: 'https://kb.example.com/b.html' }]);
    index.close();
  });

  it('lets --corpus and --out win over the environment', async () => {
    const out = join(dir, 'flag.sqlite');
    const result = await run(['--corpus', join(dir, 'docs'), '--out', out], { LOCAL_CORPUS: join(dir, 'elsewhere') });
    expect(result.code).toBe(0);
    expect((await stat(out)).size).toBeGreaterThan(0);
  });

  it('fails clearly, without a stack, when the corpus is missing or not given', async () => {
    const missing = await run(['--corpus', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(
      `npm run index: the corpus ${join(dir, 'nope')} does not exist (LOCAL_CORPUS / --corpus).`,
    );

    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^npm run index: no corpus: set LOCAL_CORPUS or pass --corpus\.\nusage:/);
    expect(none.stderr).not.toMatch(/\n\s+at /);

    const unknown = await run(['--corpse', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--corpse'/);
  });
});
