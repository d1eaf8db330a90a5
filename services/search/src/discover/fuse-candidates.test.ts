import type { Candidate } from './index.ts';
import { describe, expect, it } from 'vitest';

import { canonicalUrl } from './canonical-url.ts';
import { fuseCandidates } from './fuse-candidates.ts';

const list = (...urls: string[]): Candidate[] =>
  urls.map((url, i) => ({ title: url, url, snippet: `s${i}`, published_at: null, provider_rank: i + 1 }));

describe('canonicalUrl', () => {
  it('treats scheme, www., a trailing slash and tracking parameters as the same page', () => {
    const key = canonicalUrl('https://example.org/a?b=1');
    expect(canonicalUrl('http://www.example.org/a/?utm_source=x&b=1&gclid=y')).toBe(key);
    expect(canonicalUrl('https://example.org/a?b=2')).not.toBe(key);
    expect(canonicalUrl('https://example.org/a#history')).not.toBe(key);
  });
});

describe('fuseCandidates', () => {
  it('ranks by reciprocal rank over the providers, dedupes by canonical URL and keeps each provider’s rank', () => {
    const fused = fuseCandidates(
      [
        { provider: 'brave', candidates: list('https://a.org/', 'https://b.org/', 'https://c.org/') },
        {
          provider: 'searxng',
          candidates: list('https://www.b.org', 'https://d.org/', 'http://a.org/?utm_medium=feed'),
        },
      ],
      10,
    );
    expect(fused.map((c) => [c.url, c.provider_rank, c.provider_ranks])).toEqual([
      ['https://b.org/', 1, { brave: 2, searxng: 1 }],
      ['https://a.org/', 2, { brave: 1, searxng: 3 }],
      ['https://d.org/', 3, { searxng: 2 }],
      ['https://c.org/', 4, { brave: 3 }],
    ]);
  });

  it('passes one provider’s list through as it is, cut to maxCandidates', () => {
    const only = list('https://a.org/', 'https://b.org/');
    expect(fuseCandidates([{ provider: 'brave', candidates: only }], 1)).toEqual([only[0]]);
  });

  it('keeps a date another provider knew and the longer snippet', () => {
    const [fused] = fuseCandidates(
      [
        {
          provider: 'brave',
          candidates: [{ title: 'A', url: 'https://a.org/', snippet: 'short', published_at: null, provider_rank: 1 }],
        },
        {
          provider: 'exa',
          candidates: [
            {
              title: 'A',
              url: 'https://a.org',
              snippet: 'a longer snippet',
              published_at: '2026-01-02',
              provider_rank: 1,
            },
          ],
        },
      ],
      5,
    );
    expect(fused).toMatchObject({
      snippet: 'a longer snippet',
      published_at: '2026-01-02',
      provider_ranks: { brave: 1, exa: 1 },
    });
  });
});
