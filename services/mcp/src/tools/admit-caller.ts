import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isProblemError, PROBLEMS } from '@rankgate/contracts/problems';
import type { SearchAdmission } from '@rankgate/platform/limits';

import type { CallerCredentials } from '../gateway/caller.ts';
import type { SearchServiceClient } from '../search-service/search-service-client.ts';
import { failureResult } from './failure-result.ts';

export interface SearchServiceDependencies {
  searchService: SearchServiceClient;
  /** The shared search limits; undefined when no policy store is configured (the limits are off, as at the gateway). */
  admission: SearchAdmission | undefined;
  baseUrl: string;
  log: (error: unknown, message: string) => void;
}

/** The RateLimit fields among a decision's headers (not Retry-After: the HTTP reply carries a tool result). */
const rateLimitFields = (headers: Record<string, string>, into: Record<string, string>): void => {
  for (const [name, value] of Object.entries(headers)) if (name.startsWith('ratelimit')) into[name] = value;
};

/**
 * What the gateway decides for a REST search, decided here for the caller it authenticated on
 * /mcp: the search:read scope, then the burst window and the demo allowance in the shared store
 * (the same keys as REST, so limits count once per client). A refusal is a tool error. The burst
 * window's RateLimit fields go into `replyHeaders`, as a REST search's come from its own hit, so
 * the gateway does not read the window a second time for this reply.
 */
export async function admitCaller(
  tool: string,
  caller: CallerCredentials,
  { admission, baseUrl, log }: SearchServiceDependencies,
  replyHeaders: Record<string, string>,
): Promise<CallToolResult | undefined> {
  const { identity } = caller;
  const refuse = (code: 'UNAUTHORIZED' | 'FORBIDDEN', detail: string) =>
    failureResult({ status: PROBLEMS[code].status, code, detail, hint: PROBLEMS[code].hint }, baseUrl);
  if (identity === undefined)
    return refuse('UNAUTHORIZED', 'This connection carries no credential the gateway accepted.');
  if (!identity.scopes.includes('search:read'))
    return refuse('FORBIDDEN', `Insufficient scope: ${tool} needs search:read.`);
  if (admission === undefined) return undefined;
  try {
    // The gateway always names the client; without it (a direct call) the limits still count somewhere.
    rateLimitFields(
      await admission.admit({ kind: identity.kind, clientIp: caller.clientIp ?? 'unknown' }, log),
      replyHeaders,
    );
    return undefined;
  } catch (error) {
    if (!isProblemError(error)) throw error;
    rateLimitFields(error.headers, replyHeaders);
    const retryAfter = Number(error.headers['retry-after']);
    return failureResult(
      {
        status: error.status,
        code: error.code,
        detail: error.message,
        hint: error.hint ?? PROBLEMS[error.code].hint,
        ...(Number.isFinite(retryAfter) ? { retryAfterS: retryAfter } : {}),
      },
      baseUrl,
    );
  }
}
