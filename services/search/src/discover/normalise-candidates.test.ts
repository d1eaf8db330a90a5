import { describe, expect, it } from 'vitest';

import { htmlToText, truncateText } from '@rankgate/ranking';
import { normaliseCandidates } from './normalise-candidates.ts';
import { toPublishedAt } from './published-date.ts';

describe('normaliseCandidates', () => {
  it('filters, dedupes, ranks and truncates in one pass', () => {
    const candidates = normaliseCandidates(
      [
        { title: '  A \n title ', url: 'HTTPS://Example.org', snippet: ' one\t two ', provider_score: 0.5 },
        { title: 'Same page', url: 'https://example.org/' },
        { title: '', url: 'https://example.org/empty-title' },
        { title: 'Data', url: 'data:text/html,hi' },
        { title: 'Broken', url: 'not a url' },
        { title: 'NaN score', url: 'http://example.net/b', provider_score: Number.NaN, published_at: '2024-01-05' },
        { title: 'Over the limit', url: 'https://example.com/c' },
      ],
      2,
    );
    expect(candidates).toEqual([
      {
        title: 'A title',
        url: 'https://example.org/',
        snippet: 'one two',
        published_at: null,
        provider_rank: 1,
        provider_score: 0.5,
      },
      { title: 'NaN score', url: 'http://example.net/b', snippet: '', published_at: '2024-01-05', provider_rank: 2 },
    ]);
  });
});

describe('snippet text', () => {
  it('strips tags and decodes entities once', () => {
    expect(
      htmlToText(
        '<span class="searchmatch">Tide</span>s &amp; waves<br/>&lt;b&gt; &amp;lt; &#x1F30A; &#39;x&#39; &bogus;',
      ),
    ).toBe("Tides & waves <b> &lt; 🌊 'x' &bogus;");
  });

  it('truncates at a word boundary with an ellipsis', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('the quick brown fox jumps', 12)).toBe('the quick…');
    expect(truncateText('a😀😀😀😀', 4).length).toBeLessThanOrEqual(4);
  });
});

describe('toPublishedAt', () => {
  it('keeps absolute dates as ISO 8601 and drops the rest', () => {
    expect(toPublishedAt('2024-01-05')).toBe('2024-01-05');
    expect(toPublishedAt('2024-01-05T10:00:00')).toBe('2024-01-05T10:00:00.000Z');
    expect(toPublishedAt('2024-01-05T10:00:00+05:30')).toBe('2024-01-05T04:30:00.000Z');
    expect(toPublishedAt('Mon, 02 Oct 2026 10:00:00 GMT')).toBe('2026-10-02T10:00:00.000Z');
    expect(toPublishedAt('October 2, 2026')).toBe('2026-10-02');
    for (const value of ['3 days ago', '2024-02-30', 'Foo 2, 2026', '', null, 17])
      expect(toPublishedAt(value)).toBeNull();
  });
});
