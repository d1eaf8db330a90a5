import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { renderConfigurationDoc, renderEnvExample, renderErrorsDoc } from './render-docs.ts';

const doc = (name: string) => readFile(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

describe('generated docs', () => {
  it('docs/errors.md matches the problem catalogue (run `npm run docs` after changing it)', async () => {
    expect(await doc('errors.md')).toBe(renderErrorsDoc());
  });

  it('docs/configuration.md matches the env schemas (run `npm run docs` after changing them)', async () => {
    expect(await doc('configuration.md')).toBe(renderConfigurationDoc());
  });

  it('.env.example lists every variable (run `npm run docs` after changing the env schemas)', async () => {
    expect(await doc('../.env.example')).toBe(renderEnvExample());
  });
});
