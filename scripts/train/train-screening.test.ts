import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { dataAvailable } from '../eval/data.ts';

const TRAINER = fileURLToPath(new URL('./train-screening.ts', import.meta.url));
const SHIPPED = new URL('../../shared/ranking/src/screening/learned/injection-model.json', import.meta.url);
const DATA = [
  'pi-agent-train/injecagent.jsonl',
  'pi-bipia-indirect/train.jsonl',
  'trec-dl19-passage-bm25top100/corpus.jsonl',
  'beir-scifact/corpus.jsonl',
];

// The training data lives beside the checkout (../shared/data); without it there is nothing to reproduce from.
describe.skipIf(!dataAvailable(...DATA))('npm run train:screening', () => {
  it('reproduces the shipped artefact byte for byte', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rankgate-train-'));
    try {
      const out = join(dir, 'injection-model.json');
      await promisify(execFile)(process.execPath, [TRAINER], {
        env: { ...process.env, TRAIN_OUT: out },
        maxBuffer: 16 * 1024 * 1024,
      });
      const [made, shipped] = await Promise.all([readFile(out), readFile(SHIPPED)]);
      expect(made.equals(shipped)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
