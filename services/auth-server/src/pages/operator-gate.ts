import { secretsEqual } from '@rankgate/shared/http';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { BrowserSessions } from './browser-session.ts';
import type { FailureLimiter } from './failure-limiter.ts';

export type OperatorProof = 'signed-in' | 'blocked' | 'wrong-key' | 'no-key' | 'unconfigured';

const CLIENT_IP_HEADER = 'x-rankgate-client-ip';

/** The caller's address as the gateway saw it (trusted: services accept only the gateway's calls). */
export function clientIpOf(request: FastifyRequest): string {
  const forwarded = request.headers[CLIENT_IP_HEADER];
  return typeof forwarded === 'string' && forwarded ? forwarded : request.ip;
}

/**
 * The person proves to be the operator: an operator cookie from an earlier proof in this browser,
 * or the operator key typed into the form (compared in constant time; failures are limited per
 * address). There are no user accounts and no passwords of our own.
 */
export class OperatorGate {
  constructor(private readonly operatorKey: string | undefined, private readonly sessions: BrowserSessions, private readonly limiter: FailureLimiter) {}

  get configured(): boolean {
    return this.operatorKey !== undefined;
  }

  async prove(request: FastifyRequest, reply: FastifyReply, typedKey: unknown): Promise<OperatorProof> {
    if (!this.operatorKey) return 'unconfigured';
    if (this.sessions.operatorSignedIn(request)) return 'signed-in';
    const ip = clientIpOf(request);
    if (await this.limiter.blocked(ip)) return 'blocked';
    if (typeof typedKey !== 'string' || typedKey === '') return 'no-key';
    if (!secretsEqual(typedKey.trim(), this.operatorKey)) {
      await this.limiter.fail(ip);
      return 'wrong-key';
    }
    this.sessions.signInOperator(request, reply);
    return 'signed-in';
  }
}

/** The sentence a page shows when the proof failed, and its status. */
export function proofFailure(proof: Exclude<OperatorProof, 'signed-in'>): { status: number; message: string } {
  switch (proof) {
    case 'blocked': return { status: 429, message: 'Too many failed attempts from this address. Wait 15 minutes and try again.' };
    case 'wrong-key': return { status: 401, message: 'That is not the operator key.' };
    case 'no-key': return { status: 401, message: 'Enter the operator key to continue.' };
    case 'unconfigured': return { status: 503, message: 'No operator key is configured on this server (OPERATOR_API_KEY), so nobody can approve here.' };
  }
}
