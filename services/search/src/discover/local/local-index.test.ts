import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import sqlite3 from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalDocument } from './load-documents.ts';
import { loadDocuments } from './load-documents.ts';
import { LOCAL_INDEX_FORMAT_VERSION, LocalIndex, LocalIndexFormatError } from './local-index.ts';

let dir: string;
let folder: string;
const open: LocalIndex[] = [];
const track = (index: LocalIndex) => {
  open.push(index);
  return index;
};

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i} covers ${topic} in general terms.`).join(' ');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rankgate-index-'));
  folder = join(dir, 'docs');
  await mkdir(join(folder, 'ops'), { recursive: true });
  await writeFile(
    join(folder, 'kubernetes.md'),
    `# Kubernetes autoscaling\n\n${filler('cluster sizing', 20)} The horizontal pod autoscaler scales replicas on CPU. ${filler('cluster sizing', 10)}`,
  );
  await writeFile(
    join(folder, 'ops', 'backups.html'),
    `<html><head><title>Database backups</title><script>var autoscaler = "in a script, not text";</script></head><body><p>${filler('storage', 15)}</p><p>Nightly snapshots go to object storage; restore drills run monthly.</p></body></html>`,
  );
  await writeFile(
    join(folder, 'ops', 'oncall.txt'),
    `On-call handbook\n${filler('paging', 12)} Escalate to the incident commander after 15 minutes.`,
  );
  await writeFile(join(folder, 'cooking.md'), '# Sourdough\n\nFeed the starter daily; bake at 250 °C.');
});

afterAll(async () => {
  for (const index of open) index.close();
  await rm(dir, { recursive: true, force: true });
});

describe('LocalIndex over a folder', () => {
  it('ranks the obvious match first, with a snippet around the query terms', async () => {
    const index = track(await LocalIndex.build(loadDocuments(folder), { source: folder }));
    expect(index.header).toMatchObject({
      format_version: LOCAL_INDEX_FORMAT_VERSION,
      library: 'node-sqlite3-wasm',
      document_count: 4,
      source: folder,
    });
    expect(index.path).toBeUndefined();

    const [first, ...rest] = index.search('how does the pod autoscaler scale replicas', 10);
    expect(first).toMatchObject({ id: 'kubernetes.md', title: 'Kubernetes autoscaling' });
    expect(first!.score).toBeGreaterThan(0);
    expect(first!.snippet).toContain('horizontal pod autoscaler scales replicas');
    expect(first!.snippet.startsWith('…')).toBe(true); // not the first 300 characters
    expect(first!.snippet.length).toBeLessThanOrEqual(302);
    expect(rest.map((hit) => hit.id)).not.toContain('ops/backups.html'); // the word only sits in its <script>

    const [backup] = index.search('restore snapshots', 3);
    expect(backup).toMatchObject({ id: 'ops/backups.html', title: 'Database backups' });
    expect(backup!.snippet).toMatch(/snapshots go to object storage; restore/);
    expect(backup!.url).toMatch(/^file:\/\/.*\/ops\/backups\.html$/);

    expect(index.search('handbook', 5).map((hit) => hit.id)).toEqual(['ops/oncall.txt']); // stemmed match in the title line
    expect(index.search('escalating incidents', 5)[0]!.snippet).toContain('Escalate to the incident commander');
    expect(index.search('zzzz qqqq', 5)).toEqual([]);
    expect(index.search('   ', 5)).toEqual([]);
    expect(index.search('sourdough', 0)).toEqual([]);
    const scores = index.search('general terms paragraph', 10).map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('gives identical results after a save/open round trip, and builds straight to a file too', async () => {
    const memory = track(await LocalIndex.build(loadDocuments(folder), { source: folder }));
    const saved = join(dir, 'out', 'saved.sqlite');
    await memory.save(saved);
    const reopened = track(await LocalIndex.open(saved));
    const direct = track(
      await LocalIndex.build(loadDocuments(folder), { source: folder, path: join(dir, 'out', 'direct.sqlite') }),
    );
    expect(direct.path).toBe(join(dir, 'out', 'direct.sqlite'));
    expect(await readdir(join(dir, 'out'))).toEqual(['direct.sqlite', 'saved.sqlite']); // no temporary files left

    expect(reopened.header).toEqual(memory.header);
    for (const query of [
      'pod autoscaler',
      'restore snapshots object storage',
      'incident',
      'general terms',
      'starter bake',
    ]) {
      expect(reopened.search(query, 10)).toEqual(memory.search(query, 10));
      expect(direct.search(query, 10)).toEqual(memory.search(query, 10));
    }
  });

  it('indexes documents given as a plain array', async () => {
    const docs: LocalDocument[] = [
      { id: 'a', title: 'Alpha', text: 'first letter', url: 'local://t/a', published_at: '2024-01-02T00:00:00.000Z' },
      { id: 'b', title: 'Beta', text: 'second letter', url: 'local://t/b' },
    ];
    const index = track(await LocalIndex.build(docs, { source: 'inline' }));
    expect(index.search('second letter', 5)).toMatchObject([
      { id: 'b', published_at: null },
      { id: 'a', published_at: '2024-01-02T00:00:00.000Z' },
    ]);
  });
});

describe('LocalIndex.open', () => {
  it('refuses an index of another format version, telling to run `npm run index`', async () => {
    const path = join(dir, 'old.sqlite');
    track(
      await LocalIndex.build([{ id: 'x', title: 'X', text: 'x', url: 'local://t/x' }], { source: 'inline', path }),
    ).close();
    const db = new sqlite3.Database(path);
    db.run("UPDATE meta SET value = '0' WHERE key = 'format_version'");
    db.close();
    const error = await LocalIndex.open(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalIndexFormatError);
    expect((error as Error).message).toBe(
      `The local index ${path} has format version 0, this version of Rankgate reads format ${LOCAL_INDEX_FORMAT_VERSION}: run \`npm run index\` to rebuild it.`,
    );
  });

  it('refuses a file that is not an index (an old JSON index, another SQLite file) and a missing one', async () => {
    const json = join(dir, 'local-index.json');
    await writeFile(json, JSON.stringify({ format_version: 1, documents: [] }));
    await expect(LocalIndex.open(json)).rejects.toThrow(
      /local-index\.json is not a Rankgate local index.*run `npm run index`/,
    );

    const other = join(dir, 'other.sqlite');
    const db = new sqlite3.Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    await expect(LocalIndex.open(other)).rejects.toThrow(LocalIndexFormatError);
    await expect(LocalIndex.open(join(dir, 'missing.sqlite'))).rejects.toThrow(
      /missing\.sqlite does not exist: run `npm run index`/,
    );
  });
});

// The SciFact corpus sits in the shared data folder beside the clone; skipped where it is absent.
const scifact = new URL('../../../../../../shared/data/beir-scifact/', import.meta.url);
const hasScifact = existsSync(new URL('corpus.jsonl', scifact));

describe.skipIf(!hasScifact)('LocalIndex over BEIR SciFact (5,183 abstracts)', () => {
  it('reaches BM25-level quality: NDCG@10 ≥ 0.68 over the judged queries', async () => {
    const index = track(
      await LocalIndex.build(loadDocuments(fileURLToPath(new URL('corpus.jsonl', scifact))), { source: 'scifact' }),
    );
    expect(index.header.document_count).toBe(5183);

    const qrels = new Map<string, Set<string>>();
    for (const line of readFileSync(new URL('qrels.tsv', scifact), 'utf8').trim().split('\n').slice(1)) {
      const [query, doc, grade] = line.split('\t');
      if (Number(grade) > 0) qrels.set(query!, (qrels.get(query!) ?? new Set()).add(doc!));
    }
    const queries = readFileSync(new URL('queries.jsonl', scifact), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { _id: string; text: string });
    let total = 0;
    let judged = 0;
    for (const query of queries) {
      const relevant = qrels.get(query._id);
      if (!relevant) continue;
      judged += 1;
      const ranked = index.search(query.text, 10).map((hit) => hit.id);
      const dcg = ranked.reduce((sum, id, i) => sum + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
      const ideal = [...relevant].slice(0, 10).reduce((sum, _id, i) => sum + 1 / Math.log2(i + 2), 0);
      total += dcg / ideal;
    }
    expect(judged).toBe(300);
    expect(total / judged).toBeGreaterThanOrEqual(0.68); // measured 0.693 (README.md)
  });
});
