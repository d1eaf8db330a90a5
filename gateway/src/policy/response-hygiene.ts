import type { FastifyInstance } from 'fastify';

/** The REST API is readable cross-origin; auth is by header, never cookie, so `*` leaks nothing. */
const CORS_SURFACES = [/^\/v1(\/|$)/, /^\/api(\/|$)/, /^\/health$/, /^\/openapi\.json$/];
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, WWW-Authenticate, Deprecation, Sunset, Link',
};
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, POST',
  'access-control-allow-headers': 'Authorization, X-API-Key, Content-Type, X-Request-Id',
  'access-control-max-age': '600',
};

// Pages that need more (the website's scripts and styles) set their own policy; these are the floor.
const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every response the gateway sends, its own or a service's, unless the
 * response already chose one; and the CORS policy of the REST API (docs/access-and-limits.md).
 */
export function registerResponseHygiene(app: FastifyInstance): void {
  const isCorsSurface = (url: string) => {
    const path = url.split('?')[0] ?? '/';
    return CORS_SURFACES.some((surface) => surface.test(path));
  };

  app.addHook('onRequest', async (request, reply) => {
    if (
      request.method !== 'OPTIONS' ||
      !isCorsSurface(request.url) ||
      request.headers['access-control-request-method'] === undefined
    )
      return;
    return reply.code(204).headers(PREFLIGHT_HEADERS).send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const setDefault = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    reply.header('x-content-type-options', 'nosniff');
    setDefault('referrer-policy', 'no-referrer');
    setDefault('x-frame-options', 'DENY');
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    setDefault('content-security-policy', html ? HTML_CSP : API_CSP);
    if (isCorsSurface(request.url)) reply.headers(CORS_HEADERS);
    return payload;
  });
}
