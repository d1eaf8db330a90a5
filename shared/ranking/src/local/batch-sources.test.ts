import { describe, expect, it } from 'vitest';

import { BatchSources } from './batch-sources.ts';
import { authorityOf } from './source-reputation.ts';
import { domainOf } from './text.ts';

const urls = [
  'local://beir-scifact/18953920',
  'local://beir-scifact/10608397',
  'https://en.wikipedia.org/wiki/Tide',
  'http://en.wikipedia.org/wiki/Moon',
  'https://www.nasa.gov/moon?x=1',
  'https://WWW.Example.COM#top',
  'https://example.com',
  'https://user:pass@example.com/a',
  'https://example.com:8443/a',
  'https://example.com:99999/a',
  'http://0x7f.1/a',
  'https://xn--nxasmq6b.com/a',
  'https://bücher.de/a',
  ' https://example.com/a',
  'https://example.com /a',
  'https://exa\tmple.com/a',
  'https://example.com\\a',
  'http:///example.com/a',
  'mailto:someone@example.com',
  'file:///tmp/a.txt',
  'file://localhost/tmp/a.txt',
  'not a url',
  '',
  'https://cheap-deals-4-you.xyz/a',
  'https://a..b.gov/a',
];

describe('the batch sources', () => {
  it('read every URL as domainOf and authorityOf do, a host read once however many URLs share it', () => {
    const sources = new BatchSources();
    for (const url of [...urls, ...urls]) {
      const domain = domainOf(url);
      expect(sources.domainOf(url), url).toBe(domain);
      expect(sources.authorityOf(domain, url), url).toBe(authorityOf(domain, url));
    }
  });
});
