/**
 * One key per page for deduplicating providers' results: the same article reached over http and
 * https, with and without `www.`, a trailing slash or tracking parameters is one source.
 */
const TRACKING = /^(?:utm_[a-z]+|gclid|fbclid|msclkid|mc_[a-z]+|igshid|yclid|dclid|_hsenc|_hsmi|ref_src|spm)$/i;

export function canonicalUrl(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '') || '';
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  // The fragment stays: providers point at distinct sections of one page (Wikipedia).
  return `${host}${port}${path}${query}${url.hash}`;
}
