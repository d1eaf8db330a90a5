import { z } from 'zod';

/**
 * The internal token-status call (gateway → auth-server, behind the internal token): is a verified
 * access token still good? A JWT alone cannot be revoked, so the gateway asks on every request.
 * The auth-server answers with this schema and the gateway parses the answer with it.
 */
export const TOKEN_STATUS_PATH = '/internal/token-status';

export const TokenStatusRequestSchema = z.object({
  jti: z.string().min(1).max(256),
  sub: z.string().min(1).max(256),
});

export const TokenStatusResponseSchema = z.object({
  /** False once the token's jti or its identity was revoked, or (a pre-claim token) its identity was claimed since. */
  active: z.boolean(),
});

export type TokenStatusRequest = z.infer<typeof TokenStatusRequestSchema>;
export type TokenStatusResponse = z.infer<typeof TokenStatusResponseSchema>;
