import type { Candidate } from '../discover/index.ts';
import { describe, expect, it } from 'vitest';

import { enforceFilters } from './enforce-filters.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const row = (url: string, published_at: string | null = null, rank = 1): Candidate => ({
  title: url,
  url,
  snippet: '',
  published_at,
  provider_rank: rank,
});

describe('enforceFilters', () => {
  it('keeps a domain and its subdomains, never a look-alike', () => {
    const { kept, dropped } = enforceFilters(
      [
        row('https://nature.com/a'),
        row('https://www.nature.com/b'),
        row('https://blogs.nature.com/c'),
        row('https://notnature.com/d'),
        row('https://nature.com.evil.org/e'),
      ],
      { include_domains: ['nature.com'] },
      NOW,
    );
    expect(kept.map((c) => c.url)).toEqual([
      'https://nature.com/a',
      'https://www.nature.com/b',
      'https://blogs.nature.com/c',
    ]);
    expect(dropped).toEqual([
      { url: 'https://notnature.com/d', domain: 'notnature.com', reason: 'include_domains' },
      { url: 'https://nature.com.evil.org/e', domain: 'nature.com.evil.org', reason: 'include_domains' },
    ]);
  });

  it('drops excluded domains with their subdomains', () => {
    const { kept, dropped } = enforceFilters(
      [row('https://pinterest.com/x'), row('https://de.pinterest.com/y'), row('https://example.org/')],
      { exclude_domains: ['pinterest.com'] },
      NOW,
    );
    expect(kept.map((c) => c.url)).toEqual(['https://example.org/']);
    expect(dropped.map((d) => d.reason)).toEqual(['exclude_domains', 'exclude_domains']);
  });

  it('enforces a time range on known dates and keeps undated rows unless strict_dates', () => {
    const rows = [
      row('https://a.org/', '2026-11-20'),
      row('https://b.org/', '2026-10-01T08:00:00.000Z'),
      row('https://c.org/', null),
    ];
    const loose = enforceFilters(rows, { time_range: 'week' }, NOW);
    expect(loose.kept.map((c) => c.url)).toEqual(['https://a.org/', 'https://c.org/']);
    expect(loose.dropped).toEqual([
      { url: 'https://b.org/', domain: 'b.org', reason: 'outside_dates', published_at: '2026-10-01T08:00:00.000Z' },
    ]);
    const strict = enforceFilters(rows, { time_range: 'week', strict_dates: true }, NOW);
    expect(strict.kept.map((c) => c.url)).toEqual(['https://a.org/']);
    expect(strict.dropped.map((d) => d.reason)).toEqual(['outside_dates', 'no_date']);
  });

  it('enforces inclusive start and end dates', () => {
    const rows = [
      row('https://a.org/', '2026-01-01'),
      row('https://b.org/', '2026-01-31'),
      row('https://c.org/', '2026-02-01'),
      row('https://d.org/', '2025-12-31'),
    ];
    const { kept } = enforceFilters(rows, { start_date: '2026-01-01', end_date: '2026-01-31' }, NOW);
    expect(kept.map((c) => c.url)).toEqual(['https://a.org/', 'https://b.org/']);
  });

  it('leaves everything when no filter is set', () => {
    const rows = [row('https://a.org/'), row('https://b.org/', '1999-01-01')];
    expect(enforceFilters(rows, {}, NOW)).toEqual({ kept: rows, dropped: [] });
  });
});
