/**
 * Headers on every page and response of /oauth2: not frameable (clickjacking on consent), no
 * referrer (codes and user codes never leak through Referer), no inline script, nothing cached.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};
