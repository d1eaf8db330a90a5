import { createHmac, randomBytes } from 'node:crypto';

import { secretsEqual } from '@rankgate/shared/http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const BROWSER_COOKIE = 'rg_browser';
const OPERATOR_COOKIE = 'rg_operator';
/** An operator who signed in is trusted by this browser for this long. */
const OPERATOR_SESSION_S = 15 * 60;

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return cookies;
}

/**
 * The pages' state in the browser, without server-side sessions: a random browser id cookie that
 * CSRF tokens are bound to (HMAC of id + form purpose), and a signed operator cookie once the
 * operator key has been proven. Both are HttpOnly, SameSite=Strict and scoped to /oauth2.
 */
export class BrowserSessions {
  private readonly secure: boolean;

  constructor(private readonly secret: Buffer, issuer: string, private readonly now: () => number = Date.now) {
    this.secure = issuer.startsWith('https:');
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  private cookie(name: string, value: string, maxAgeS: number): string {
    return `${name}=${encodeURIComponent(value)}; Path=/oauth2; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${this.secure ? '; Secure' : ''}`;
  }

  private addCookie(reply: FastifyReply, cookie: string): void {
    const existing = reply.getHeader('set-cookie');
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
    reply.header('set-cookie', [...list, cookie]);
  }

  /** The browser's id, created (and set as a cookie) on first sight. */
  browserId(request: FastifyRequest, reply: FastifyReply): string {
    const existing = parseCookies(request.headers.cookie).get(BROWSER_COOKIE);
    if (existing && /^[\w-]{22,}$/.test(existing)) return existing;
    const fresh = randomBytes(18).toString('base64url');
    this.addCookie(reply, this.cookie(BROWSER_COOKIE, fresh, 24 * 3600));
    return fresh;
  }

  /** A token for one form (purpose, e.g. the interaction uid) in this browser. */
  csrfToken(browserId: string, purpose: string): string {
    return this.mac(`csrf\n${browserId}\n${purpose}`);
  }

  csrfValid(request: FastifyRequest, purpose: string, given: unknown): boolean {
    const browserId = parseCookies(request.headers.cookie).get(BROWSER_COOKIE);
    return browserId !== undefined && typeof given === 'string' && secretsEqual(given, this.csrfToken(browserId, purpose));
  }

  operatorSignedIn(request: FastifyRequest): boolean {
    const cookies = parseCookies(request.headers.cookie);
    const [exp, mac] = (cookies.get(OPERATOR_COOKIE) ?? '').split('.');
    const browserId = cookies.get(BROWSER_COOKIE);
    if (!exp || !mac || !browserId || Number(exp) * 1000 <= this.now()) return false;
    return secretsEqual(mac, this.mac(`operator\n${browserId}\n${exp}`));
  }

  signInOperator(request: FastifyRequest, reply: FastifyReply): void {
    const browserId = this.browserId(request, reply);
    const exp = Math.floor(this.now() / 1000) + OPERATOR_SESSION_S;
    this.addCookie(reply, this.cookie(OPERATOR_COOKIE, `${exp}.${this.mac(`operator\n${browserId}\n${exp}`)}`, OPERATOR_SESSION_S));
  }
}
