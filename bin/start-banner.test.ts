import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { startBanner } from './start-banner.ts';

const facts = { baseUrl: 'http://127.0.0.1:8080', provider: 'wikipedia', judge: 'local' };

describe('the npm start banner', () => {
  it('prints the exact export line for a generated key and a search that uses it', () => {
    const banner = startBanner({ ...facts, generatedApiKey: 'rg_0123abcd' });
    expect(banner).toContain("\n  export OPERATOR_API_KEY='rg_0123abcd'\n");
    expect(banner).toContain(
      `curl -s -H "X-API-Key: $OPERATOR_API_KEY" 'http://127.0.0.1:8080/v1/search?q=how+do+tides+work&k=3'`,
    );
  });

  it('leaves out the export line when the operator chose the key', () => {
    const banner = startBanner({ ...facts, generatedApiKey: undefined });
    expect(banner).not.toContain('export OPERATOR_API_KEY');
    expect(banner).toContain('$OPERATOR_API_KEY');
  });

  it('is pasteable: a shell running the two printed lines sends the key and the URL as printed', async () => {
    const banner = startBanner({ ...facts, generatedApiKey: "rg_it's" });
    const exportLine =
      banner
        .split('\n')
        .find((line) => line.trim().startsWith('export '))
        ?.trim() ?? '';
    const curlLine =
      banner
        .split('\n')
        .find((line) => line.trim().startsWith('curl '))
        ?.trim() ?? '';
    // `curl` replaced by a function that prints its arguments, one per line: the shell's parse, no network.
    const script = `curl() { printf '%s\\n' "$@"; }\n${exportLine}\n${curlLine}`;
    const { stdout } = await promisify(execFile)('sh', ['-c', script]);
    expect(stdout.split('\n')).toEqual([
      '-s',
      '-H',
      "X-API-Key: rg_it's",
      'http://127.0.0.1:8080/v1/search?q=how+do+tides+work&k=3',
      '',
    ]);
  });
});
