import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sqlite3 from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { CandidateSchema } from '@rankgate/ranking';
import { ProviderNotConfiguredError, ProviderUpstreamError } from '../discover-errors.ts';
import { loadDocuments } from './load-documents.ts';
import { LocalIndex, LocalIndexFormatError } from './local-index.ts';
import type { LocalDiscoverProvider } from './local-provider.ts';
import { createLocalProvider } from './local-provider.ts';

let dir: string;
let folder: string;
let indexPath: string;
const providers: LocalDiscoverProvider[] = [];
const make = (...args: Parameters<typeof createLocalProvider>) => {
  const provider = createLocalProvider(...args);
  providers.push(provider);
  return provider;
};
const options = (maxCandidates = 10) => ({ maxCandidates, signal: new AbortController().signal });
const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rankgate-provider-'));
  folder = join(dir, 'docs');
  await mkdir(folder);
  for (let i = 1; i <= 30; i += 1) {
    await writeFile(
      join(folder, `note-${String(i).padStart(2, '0')}.md`),
      `# Note ${i}\n\nThis note mentions latency ${i} times and nothing else of interest.`,
    );
  }
  await writeFile(
    join(folder, 'tls.md'),
    '# TLS certificates\n\nRotate certificates before they expire; the renewal job runs weekly.',
  );
  const runbook = [
    '# Failover runbook',
    '',
    'Start here: page the on-call engineer.',
    ...Array.from({ length: 40 }, (_, i) => `Step ${i}: check the replica lag.`),
    'Finally promote the standby database and update the DNS record.',
  ];
  await writeFile(join(folder, 'failover.md'), runbook.join('\n'));
  indexPath = join(dir, 'index.sqlite');
  (
    await LocalIndex.build(loadDocuments(folder, { baseUrl: 'https://kb.example.com/' }), {
      source: folder,
      path: indexPath,
    })
  ).close();
});

afterAll(async () => {
  for (const provider of providers) await provider.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createLocalProvider', () => {
  it('is named local and answers from the index file with valid, ranked candidates', async () => {
    const log = logger();
    const provider = make({ indexPath, logger: log });
    expect(provider.name).toBe('local');
    const candidates = await provider.discover('when do certificates expire', options());
    expect(candidates[0]).toMatchObject({
      title: 'TLS certificates',
      url: 'https://kb.example.com/tls.md',
      provider_rank: 1,
    });
    expect(candidates[0]!.snippet).toContain('Rotate certificates before they expire');
    expect(candidates[0]!.provider_score).toBeGreaterThan(0);
    for (const candidate of candidates) CandidateSchema.parse(candidate);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ indexPath, documents: 32 }), 'local index opened');
  });

  it("hands ranking the document's text beyond the snippet window as an extra passage", async () => {
    const provider = make({ indexPath });
    const [runbook] = await provider.discover('promote the standby database', options(1));
    expect(runbook!.snippet).toContain('promote the standby');
    expect(runbook!.snippet).not.toContain('page the on-call engineer');
    expect(runbook!.extra_snippets).toHaveLength(1);
    expect(runbook!.extra_snippets![0]).toMatch(/^# Failover runbook Start here: page the on-call engineer\. Step 0/);
    const [short] = await provider.discover('certificates expire', options(1));
    expect(short!.extra_snippets).toBeUndefined(); // the snippet already holds the whole note
  });

  it('returns at most maxCandidates, ranked 1..n by descending score', async () => {
    const provider = make({ indexPath });
    const candidates = await provider.discover('latency', options(7));
    expect(candidates.map((c) => c.provider_rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const scores = candidates.map((c) => c.provider_score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await provider.discover('latency', options(500))).toHaveLength(30);
    expect(await provider.discover('?!', options())).toEqual([]);
  });

  it('indexes corpusPath in memory when there is no index file', async () => {
    const log = logger();
    const provider = make({ indexPath: join(dir, 'not-built.sqlite'), corpusPath: folder, logger: log });
    await provider.init();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'local' }),
      expect.stringContaining('npm run index'),
    );
    const [first] = await provider.discover('renewal job', options());
    expect(first).toMatchObject({ title: 'TLS certificates', url: expect.stringMatching(/^file:\/\/.*\/tls\.md$/) });
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ documents: 32 }), 'local corpus indexed in memory');
  });

  it('throws ProviderNotConfiguredError(local, LOCAL_CORPUS) when given neither an index nor a corpus', async () => {
    for (const provider of [make(), make({ indexPath: join(dir, 'nothing-here.sqlite') })]) {
      const error = await provider.discover('anything', options()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderNotConfiguredError);
      expect(error).toMatchObject({ provider: 'local', setting: 'LOCAL_CORPUS' });
      await expect(provider.init()).rejects.toBeInstanceOf(ProviderNotConfiguredError);
    }
  });

  it('on a stale index: init() says to run `npm run index`, discover() logs it and throws a safe ProviderNotConfiguredError', async () => {
    const stale = join(dir, 'stale.sqlite');
    (
      await LocalIndex.build([{ id: 'a', title: 'A', text: 'a', url: 'local://t/a' }], {
        source: 'inline',
        path: stale,
      })
    ).close();
    const db = new sqlite3.Database(stale);
    db.run("UPDATE meta SET value = '99' WHERE key = 'format_version'");
    db.close();

    const log = logger();
    const provider = make({ indexPath: stale, logger: log });
    await expect(provider.init()).rejects.toThrow(LocalIndexFormatError);
    await expect(provider.init()).rejects.toThrow(/run `npm run index`/); // retried, not cached
    const error = await provider.discover('a', options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderNotConfiguredError);
    expect((error as Error).message).not.toContain(stale);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(LocalIndexFormatError) }),
      'local index unavailable',
    );
  });

  it('turns a failing search (a damaged index file) into ProviderUpstreamError', async () => {
    const damaged = join(dir, 'damaged.sqlite');
    (await LocalIndex.build(loadDocuments(folder), { source: folder, path: damaged })).close();
    const db = new sqlite3.Database(damaged);
    db.exec('DROP TABLE docs');
    db.close();
    const log = logger();
    const provider = make({ indexPath: damaged, logger: log });
    const error = await provider.discover('latency', options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUpstreamError);
    expect((error as Error).message).toBe('The local discover provider failed: could not search its index.');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ provider: 'local' }), 'local index search failed');
  });

  it('respects an aborted signal', async () => {
    const provider = make({ indexPath });
    const controller = new AbortController();
    controller.abort(new Error('client gone'));
    await expect(provider.discover('latency', { maxCandidates: 5, signal: controller.signal })).rejects.toThrow(
      'client gone',
    );
  });

  it('refuses queries after close()', async () => {
    const provider = make({ indexPath });
    await provider.discover('latency', options());
    await provider.close();
    await expect(provider.discover('latency', options())).rejects.toThrow(/closed/);
  });
});
