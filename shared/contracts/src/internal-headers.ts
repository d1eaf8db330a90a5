import { z } from 'zod';

import { SCOPES } from './scopes.ts';

/**
 * Headers on calls between our own processes. Only the gateway sets them on what it proxies (a
 * caller's copies are dropped), and services believe them only next to the internal token.
 */
export const INTERNAL_HEADERS = {
  /** The shared secret that proves a call comes from one of our processes. */
  token: 'x-internal-token',
  /** The real client's address, which limits and quotas count against. */
  clientIp: 'x-rankgate-client-ip',
  /**
   * The caller the gateway authenticated (JSON of ForwardedCallerSchema), so a service need not check the credential
   * again.
   */
  caller: 'x-rankgate-caller',
} as const;

/** The authenticated caller, as the gateway hands it to a service (the MCP service's `search_web`). */
export const ForwardedCallerSchema = z.object({
  kind: z.enum(['operator', 'demo', 'token']),
  scopes: z.array(z.enum(SCOPES)),
  /** The token's subject; absent for the operator and demo keys. */
  subject: z.string().min(1).optional(),
  client_id: z.string().min(1).optional(),
});

export type ForwardedCaller = z.infer<typeof ForwardedCallerSchema>;

/** The header value; undefined when it is missing or not a caller (a service then treats the call as anonymous). */
export function parseForwardedCaller(value: string | string[] | undefined): ForwardedCaller | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = ForwardedCallerSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
