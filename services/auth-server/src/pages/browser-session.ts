import { createHmac, randomBytes } from 'node:crypto';

import { secretsEqual } from '@rankgate/platform/http';
import { ProblemError } from '@rankgate/contracts/problems';
import type { FastifyReply, FastifyRequest } from 'fastify';

const BROWSER_COOKIE = 'rg_browser';
const OPERATOR_COOKIE = 'rg_operator';
/**
 * Binds an upstream sign-in to the browser that started it; Lax, because it must come back on the provider's
 * redirect.
 */
const SIGN_IN_COOKIE = 'rg_signin';
const SIGN_IN_PATH = '/oauth2/sign-in';
/** Someone who proved they may approve is trusted by this browser for this long. */
const OPERATOR_SESSION_S = 15 * 60;

const decoded = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * The request's cookies. Another site's malformed cookie on this host is skipped; one of ours that
 * does not decode was tampered with or cut short, and is refused with the remedy.
 */
function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = decoded(part.slice(eq + 1).trim());
    if (value !== undefined) cookies.set(name, value);
    else if (name.startsWith('rg_')) {
      throw new ProblemError(
        'BAD_REQUEST',
        `The ${name} cookie is malformed: clear this site's cookies and load the page again.`,
      );
    }
  }
  return cookies;
}

/**
 * The pages' state in the browser, without server-side sessions: a random browser id cookie that
 * CSRF tokens are bound to (HMAC of id + form purpose), and a signed approver cookie (who, until
 * when) once the person proved the operator key or signed in upstream. Both are HttpOnly,
 * SameSite=Strict and scoped to /oauth2. An upstream sign-in in flight adds a SameSite=Lax cookie
 * scoped to /oauth2/sign-in.
 */
export class BrowserSessions {
  private readonly secure: boolean;

  private readonly secret: Buffer;
  private readonly now: () => number;
  constructor(secret: Buffer, issuer: string, now: () => number = Date.now) {
    this.secret = secret;
    this.now = now;
    this.secure = issuer.startsWith('https:');
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  private cookie(name: string, value: string, maxAgeS: number, { path = '/oauth2', sameSite = 'Strict' } = {}): string {
    return `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=${sameSite}; Max-Age=${maxAgeS}${this.secure ? '; Secure' : ''}`;
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
    return (
      browserId !== undefined && typeof given === 'string' && secretsEqual(given, this.csrfToken(browserId, purpose))
    );
  }

  /**
   * Who proved, in this browser, that they may approve (`the operator`, or an upstream account); undefined if nobody
   * did.
   */
  approver(request: FastifyRequest): string | undefined {
    const cookies = parseCookies(request.headers.cookie);
    const [exp, who, mac] = (cookies.get(OPERATOR_COOKIE) ?? '').split('.');
    const browserId = cookies.get(BROWSER_COOKIE);
    if (!exp || !who || !mac || !browserId || Number(exp) * 1000 <= this.now()) return undefined;
    if (!secretsEqual(mac, this.mac(`operator\n${browserId}\n${exp}\n${who}`))) return undefined;
    return Buffer.from(who, 'base64url').toString('utf8');
  }

  operatorSignedIn(request: FastifyRequest): boolean {
    return this.approver(request) !== undefined;
  }

  signInOperator(request: FastifyRequest, reply: FastifyReply): void {
    this.signInApprover(this.browserId(request, reply), reply, 'the operator');
  }

  /**
   * Trusts `browserId` as `who` for the session's length (the upstream callback knows the id from its pending
   * sign-in).
   */
  signInApprover(browserId: string, reply: FastifyReply, who: string): void {
    const exp = Math.floor(this.now() / 1000) + OPERATOR_SESSION_S;
    const encoded = Buffer.from(who, 'utf8').toString('base64url');
    this.addCookie(
      reply,
      this.cookie(
        OPERATOR_COOKIE,
        `${exp}.${encoded}.${this.mac(`operator\n${browserId}\n${exp}\n${encoded}`)}`,
        OPERATOR_SESSION_S,
      ),
    );
  }

  /** Starts an upstream sign-in in this browser: sets its binding cookie and returns the value to remember. */
  bindSignIn(reply: FastifyReply, maxAgeS: number): string {
    const binding = randomBytes(24).toString('base64url');
    this.addCookie(reply, this.cookie(SIGN_IN_COOKIE, binding, maxAgeS, { path: SIGN_IN_PATH, sameSite: 'Lax' }));
    return binding;
  }

  /** The sign-in binding this browser sent back, if any; the cookie is cleared either way. */
  takeSignInBinding(request: FastifyRequest, reply: FastifyReply): string | undefined {
    this.addCookie(reply, this.cookie(SIGN_IN_COOKIE, '', 0, { path: SIGN_IN_PATH, sameSite: 'Lax' }));
    return parseCookies(request.headers.cookie).get(SIGN_IN_COOKIE) || undefined;
  }
}
