import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalDocument } from './load-documents.ts';
import { corpusNameOf, loadDocuments } from './load-documents.ts';

const collect = async (documents: AsyncIterable<LocalDocument>) => {
  const out: LocalDocument[] = [];
  for await (const document of documents) out.push(document);
  return out;
};

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rankgate-load-'));
  const folder = join(dir, 'docs');
  await mkdir(join(folder, 'guides', 'deep'), { recursive: true });
  await mkdir(join(folder, '.git'), { recursive: true });
  await writeFile(
    join(folder, 'intro.md'),
    'Some preface line\n\n# Getting started #\n\nInstall the *service* first.\n',
  );
  await writeFile(
    join(folder, 'front.markdown'),
    '---\ntitle: "From front matter"\ndate: 2024-01-01\n---\n# A heading\nBody.\n',
  );
  await writeFile(
    join(folder, 'guides', 'page.html'),
    '<!doctype html><html><head><title>Caching &amp; you</title><style>.x{}</style><script>alert("no")</script></head>' +
      '<body><nav>Menu</nav><p>Cache entries expire after&nbsp;60&#160;s &mdash; always.</p></body></html>',
  );
  await writeFile(join(folder, 'guides', 'deep', 'notes.txt'), '\n\n  Release notes 1.2  \nFixed the thing.\n');
  await writeFile(join(folder, 'guides', 'deep', 'untitled.htm'), '<p>No title here</p>');
  await writeFile(join(folder, 'guides', 'spaced name.md'), 'plain first line\nmore');
  await writeFile(join(folder, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(folder, 'binary.txt'), Buffer.from([0x41, 0x00, 0x42]));
  await writeFile(join(folder, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  await writeFile(join(folder, 'big.md'), `# Big\n${'x'.repeat(2048)}`);
  await writeFile(join(folder, '.git', 'HEAD.md'), '# hidden');
  await symlink(join(folder, 'guides'), join(folder, 'loop'));

  await writeFile(
    join(dir, 'corpus.jsonl'),
    [
      JSON.stringify({ _id: 'd1', title: 'First', text: 'alpha beta' }),
      '',
      JSON.stringify({
        _id: 2,
        title: 'Second',
        text: 'gamma',
        metadata: { url: 'https://example.org/second', published_at: '2024-05-01' },
      }),
      '{not json',
      JSON.stringify({ title: 'no id' }),
      JSON.stringify({ _id: 'a/b c', text: 'untitled', metadata: { url: 'not a url' } }),
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadDocuments: a folder', () => {
  it('reads md, markdown, txt, html and htm recursively, titles each, skips what is not text', async () => {
    const warnings: string[] = [];
    const docs = await collect(
      loadDocuments(join(dir, 'docs'), { maxDocumentBytes: 1024, onWarning: (m) => warnings.push(m) }),
    );
    const byId = new Map(docs.map((d) => [d.id, d]));

    expect([...byId.keys()]).toEqual([
      'front.markdown',
      'guides/deep/notes.txt',
      'guides/deep/untitled.htm',
      'guides/page.html',
      'guides/spaced name.md',
      'intro.md',
    ]);
    expect(byId.get('intro.md')).toMatchObject({
      title: 'Getting started',
      text: expect.stringContaining('Install the *service* first.'),
    });
    expect(byId.get('front.markdown')).toMatchObject({ title: 'From front matter', text: '# A heading\nBody.' });
    expect(byId.get('guides/deep/notes.txt')).toMatchObject({
      title: 'Release notes 1.2',
      text: 'Release notes 1.2  \nFixed the thing.',
    });
    expect(byId.get('guides/deep/untitled.htm')!.title).toBe('No title here');
    expect(byId.get('guides/spaced name.md')!.title).toBe('plain first line');

    const page = byId.get('guides/page.html')!;
    expect(page.title).toBe('Caching & you');
    expect(page.text).toBe('Menu\n\nCache entries expire after 60 s — always.');
    expect(page.text).not.toMatch(/alert|\.x\{|<|&/);
    expect(page.url).toBe(pathToFileURL(join(dir, 'docs', 'guides', 'page.html')).href);

    expect(warnings.some((w) => w.includes('binary.txt') && w.includes('binary'))).toBe(true);
    expect(warnings.some((w) => w.includes('latin1.txt') && w.includes('UTF-8'))).toBe(true);
    expect(warnings.some((w) => w.includes('big.md') && w.includes('larger than 1024'))).toBe(true);
    expect(warnings.some((w) => w.includes('loop') && w.includes('symbolic link'))).toBe(true);
    expect(warnings).toHaveLength(4);
  });

  it('uses baseUrl + the relative path when one is configured', async () => {
    const docs = await collect(
      loadDocuments(join(dir, 'docs'), { baseUrl: 'https://docs.example.com/kb', maxDocumentBytes: 1024 }),
    );
    expect(docs.find((d) => d.id === 'guides/spaced name.md')!.url).toBe(
      'https://docs.example.com/kb/guides/spaced%20name.md',
    );
  });
});

describe('loadDocuments: a BEIR corpus.jsonl', () => {
  it('streams {_id,title,text,metadata}, metadata.url or a local:// URI, skipping bad lines with a warning', async () => {
    const warnings: string[] = [];
    const docs = await collect(
      loadDocuments(join(dir, 'corpus.jsonl'), { corpusName: 'kb', onWarning: (m) => warnings.push(m) }),
    );
    expect(docs).toEqual([
      { id: 'd1', title: 'First', text: 'alpha beta', url: 'local://kb/d1' },
      {
        id: '2',
        title: 'Second',
        text: 'gamma',
        url: 'https://example.org/second',
        published_at: '2024-05-01T00:00:00.000Z',
      },
      { id: 'a/b c', title: '', text: 'untitled', url: 'local://kb/a%2Fb%20c' },
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(/:4: skipped, not valid JSON$/),
      expect.stringMatching(/:5: skipped, no "_id"$/),
    ]);
  });

  it('names a corpus after its folder (BEIR layout) or its file', () => {
    expect(corpusNameOf('/data/beir-scifact/corpus.jsonl')).toBe('beir-scifact');
    expect(corpusNameOf('/data/My Notes.jsonl')).toBe('my-notes');
  });

  it('refuses a path that is neither a folder nor .jsonl, and a missing one', async () => {
    await expect(collect(loadDocuments(join(dir, 'docs', 'intro.md')))).rejects.toThrow(/\.jsonl file or a folder/);
    await expect(collect(loadDocuments(join(dir, 'missing')))).rejects.toThrow(/ENOENT/);
  });
});
