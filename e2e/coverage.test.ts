/** Every listed requirement is cited by some e2e test, and every citation names a listed requirement. */
import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

import { REQUIREMENTS } from './harness/requirements.ts';

const E2E_DIR = new URL('./', import.meta.url);
const CITATION = /verifies\(\s*'([A-Z0-9-]+)'/g;

/** Requirement id → the test files that cite it, read from the sources (see harness/verifies.ts). */
async function citations(): Promise<Map<string, string[]>> {
  const files = (await readdir(E2E_DIR, { recursive: true })).filter(
    (file) => file.endsWith('.test.ts') && !file.includes('node_modules') && file !== 'coverage.test.ts',
  );
  const cited = new Map<string, string[]>();
  for (const file of files) {
    const source = await readFile(new URL(file, E2E_DIR), 'utf8');
    for (const [, id] of source.matchAll(CITATION)) cited.set(id!, [...(cited.get(id!) ?? []), file]);
  }
  return cited;
}

describe('requirement coverage', () => {
  it('lists each requirement id once', () => {
    const ids = REQUIREMENTS.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a test citing every requirement', async () => {
    const cited = await citations();
    const uncited = REQUIREMENTS.filter((r) => !cited.has(r.id)).map((r) => `${r.id} (${r.source}): ${r.text}`);
    expect(uncited, 'requirements no e2e test cites with verifies(...)').toEqual([]);
  });

  it('cites only listed requirements', async () => {
    const listed = new Set<string>(REQUIREMENTS.map((r) => r.id));
    const unknown = [...(await citations()).entries()]
      .filter(([id]) => !listed.has(id))
      .map(([id, files]) => `${id} in ${files.join(', ')}`);
    expect(unknown).toEqual([]);
  });
});
