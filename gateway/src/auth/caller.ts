import { SCOPES } from '@rankgate/contracts';
import { secretsEqual } from '@rankgate/platform/http';
import type { FastifyRequest } from 'fastify';

import type { AccessTokenVerifier } from './access-tokens.ts';

/**
 * Who is calling, as far as policy cares. The operator key holds every scope; the public demo key
 * holds search and MCP but is subject to the per-IP demo quota; a token holds what it was granted.
 */
export type Caller =
  | { kind: 'operator'; scopes: ReadonlySet<string> }
  | { kind: 'demo'; scopes: ReadonlySet<string> }
  | { kind: 'token'; scopes: ReadonlySet<string>; subject: string; clientId: string | undefined };

// Both keys hold every scope; what sets the demo key apart is the quota, applied by kind.
const OPERATOR_SCOPES: ReadonlySet<string> = new Set(SCOPES);
const DEMO_SCOPES: ReadonlySet<string> = new Set(SCOPES);

/** The credential a caller presented: `X-API-Key: …` or `Authorization: Bearer …`. */
export function presentedCredential(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) return apiKey;
  const authorization = request.headers.authorization;
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

export interface CallerResolverOptions {
  /** The operator API key; unset means no API-key access. */
  operatorApiKey: string | undefined;
  /** The public demo key when demo mode is enabled; unset otherwise. */
  demoApiKey: string | undefined;
  tokens: AccessTokenVerifier;
}

/**
 * Resolves a presented credential to a caller. Static keys are compared in constant time before
 * the credential is treated as a token, so a key never reaches the auth-server. A token must be
 * for one of `audiences` (the route's resource). Rejects with the verifier's errors (invalid →
 * 401, auth-server unreachable → 503).
 */
export function createCallerResolver({ operatorApiKey, demoApiKey, tokens }: CallerResolverOptions) {
  return async (credential: string, audiences: readonly string[]): Promise<Caller> => {
    if (operatorApiKey !== undefined && secretsEqual(credential, operatorApiKey))
      return { kind: 'operator', scopes: OPERATOR_SCOPES };
    if (demoApiKey !== undefined && secretsEqual(credential, demoApiKey)) return { kind: 'demo', scopes: DEMO_SCOPES };
    const token = await tokens.verify(credential, audiences);
    return { kind: 'token', ...token };
  };
}

export type CallerResolver = ReturnType<typeof createCallerResolver>;
