/**
 * The OpenAPI description through a linter nobody here wrote: Redocly CLI's recommended rules.
 * Runs offline (telemetry and the update check off).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { buildOpenApi } from './build-openapi.ts';

const CLI = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

async function lint(document: unknown): Promise<LintReport> {
  const dir = await mkdtemp(join(tmpdir(), 'rankgate-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // The CLI exits 1 when it finds errors; the report on stdout is what the test reads either way.
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'lint', file, '--format=json'], { env }).catch(
      (error: { stdout: string }) => error,
    );
    return JSON.parse(stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Redocly CLI, recommended rules', () => {
  it('finds 0 errors; the only warnings are operations without a 2xx by design (a redirect, a 405, a 404)', async () => {
    const report = await lint(buildOpenApi('https://rankgate.test'));
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const warnings = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    for (const warning of warnings)
      expect(warning).toMatch(
        /^operation-2xx-response #\/paths\/(~1v2|~1mcp|~1\.well-known~1mcp|~1oauth2~1authorize)\//,
      );
  }, 30_000);
});
