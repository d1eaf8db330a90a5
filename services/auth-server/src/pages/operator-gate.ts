import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import { secretsEqual } from '@rankgate/platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { BrowserSessions } from './browser-session.ts';
import type { FailureLimiter } from './failure-limiter.ts';

export type OperatorProof = 'signed-in' | 'blocked' | 'wrong-key' | 'no-key' | 'unconfigured' | 'sign-in-required';

/** How a page lets the person prove they may approve. */
export type Approval =
  { kind: 'signed-in'; who: string } | { kind: 'key' } | { kind: 'sign-in'; provider: string; url: string };

/** The upstream OpenID Connect sign-in, as the pages see it: a name and where to start. */
export interface UpstreamSignInLink {
  provider: string;
  /** The start URL that brings the browser back to `returnTo` (a path of this service). */
  startUrl(returnTo: string): string;
}

/** The caller's address as the gateway saw it (trusted: services accept only the gateway's calls). */
export function clientIpOf(request: FastifyRequest): string {
  const forwarded = request.headers[INTERNAL_HEADERS.clientIp];
  return typeof forwarded === 'string' && forwarded ? forwarded : request.ip;
}

/**
 * The person proves they may approve, with no user accounts and no passwords of our own: a signed
 * approver cookie from an earlier proof in this browser; otherwise, when an upstream OpenID
 * Connect provider is configured, a sign-in there (the operator key is then not accepted on the
 * pages); otherwise the operator key typed into the form (constant-time comparison; failures are
 * limited per address).
 */
export class OperatorGate {
  private readonly operatorKey: string | undefined;
  private readonly sessions: BrowserSessions;
  private readonly limiter: FailureLimiter;
  private readonly upstream?: UpstreamSignInLink;
  constructor(
    operatorKey: string | undefined,
    sessions: BrowserSessions,
    limiter: FailureLimiter,
    upstream?: UpstreamSignInLink,
  ) {
    this.operatorKey = operatorKey;
    this.sessions = sessions;
    this.limiter = limiter;
    this.upstream = upstream;
  }

  /** What the page offers: nothing to do (signed in), the upstream link, or the key field. */
  approval(request: FastifyRequest, returnTo: string): Approval {
    const who = this.sessions.approver(request);
    if (who !== undefined) return { kind: 'signed-in', who };
    if (this.upstream)
      return { kind: 'sign-in', provider: this.upstream.provider, url: this.upstream.startUrl(returnTo) };
    return { kind: 'key' };
  }

  async prove(request: FastifyRequest, reply: FastifyReply, typedKey: unknown): Promise<OperatorProof> {
    if (this.sessions.operatorSignedIn(request)) return 'signed-in';
    if (this.upstream) return 'sign-in-required';
    if (!this.operatorKey) return 'unconfigured';
    const ip = clientIpOf(request);
    if (typeof typedKey !== 'string' || typedKey === '') return (await this.limiter.blocked(ip)) ? 'blocked' : 'no-key';
    if (!(await this.limiter.reserve(ip))) return 'blocked';
    if (!secretsEqual(typedKey.trim(), this.operatorKey)) return 'wrong-key';
    await this.limiter.release(ip);
    this.sessions.signInOperator(request, reply);
    return 'signed-in';
  }
}

/** The sentence a page shows when the proof failed, and its status. */
export function proofFailure(proof: Exclude<OperatorProof, 'signed-in'>): { status: number; message: string } {
  switch (proof) {
    case 'blocked':
      return { status: 429, message: 'Too many failed attempts from this address. Wait 15 minutes and try again.' };
    case 'wrong-key':
      return { status: 401, message: 'That is not the operator key.' };
    case 'no-key':
      return { status: 401, message: 'Enter the operator key to continue.' };
    case 'sign-in-required':
      return { status: 401, message: 'Sign in first.' };
    case 'unconfigured':
      return {
        status: 503,
        message: 'No operator key is configured on this server (OPERATOR_API_KEY), so nobody can approve here.',
      };
  }
}
