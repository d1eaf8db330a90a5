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

/**
 * What the gateway decides for a REST search, decided here for the caller it authenticated on
 * /mcp: the search:read scope, then the burst window and the demo allowance in the shared store
 * (the same keys as REST, so limits count once per client). A refusal is a tool error.
 */
export async function admitCaller(
  tool: string,
  caller: CallerCredentials,
  { admission, baseUrl, log }: SearchServiceDependencies,
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
    await admission.admit({ kind: identity.kind, clientIp: caller.clientIp ?? 'unknown' }, log);
    return undefined;
  } catch (error) {
    if (!isProblemError(error)) throw error;
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
