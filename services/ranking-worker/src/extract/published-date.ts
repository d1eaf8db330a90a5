import type { DomDocument } from './dom.ts';

/** Where pages state when they were published, most specific first. */
const META_SELECTORS = [
  'meta[property="article:published_time"]',
  'meta[property="og:published_time"]',
  'meta[itemprop="datePublished"]',
  'meta[name="citation_publication_date"]',
  'meta[name="dc.date"]',
  'meta[name="DC.date"]',
  'meta[name="dcterms.created"]',
  'meta[name="pubdate"]',
  'meta[name="date"]',
];

/**
 * `YYYY-MM-DD` for a date, an ISO instant for a date-time, or null: only absolute dates count, and
 * only years from 1990 to next year (a page claiming 1970 or 2090 has no date, it has a bug).
 */
export function toIsoDate(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const dateOnly = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(text);
  const ms = dateOnly ? Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (year < 1990 || year > new Date().getUTCFullYear() + 1) return null;
  if (dateOnly) return date.getUTCMonth() + 1 === Number(dateOnly[2]) ? date.toISOString().slice(0, 10) : null;
  return date.toISOString();
}

/**
 * The page's own publication date from meta tags, JSON-LD or `<time datetime>`; read it before Readability rewrites
 * the page.
 */
export function publishedDateOf(document: DomDocument): string | null {
  const candidates: (string | null | undefined)[] = [];
  for (const selector of META_SELECTORS) candidates.push(document.querySelector(selector)?.getAttribute('content'));
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    candidates.push(/"datePublished"\s*:\s*"([^"]+)"/.exec(script.textContent ?? '')?.[1]);
  }
  candidates.push(document.querySelector('time[datetime]')?.getAttribute('datetime'));
  for (const candidate of candidates) {
    const iso = toIsoDate(candidate);
    if (iso) return iso;
  }
  return null;
}
