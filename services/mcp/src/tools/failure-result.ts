import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import type { GatewayFailure } from '../gateway/gateway-client.ts';
import { errorResult } from './tool.ts';

/**
 * How an agent gets `search:read`: the agent-registration flow of /auth.md. Anonymous identities
 * get `mcp:invoke` at once and `search:read` only after a person claims them.
 */
export function claimGuidance(baseUrl: string): string {
  return [
    'How to get search:read (full guide: ' + `${baseUrl}/auth.md):`,
    `1. Register, if you have no claim_token yet: POST ${baseUrl}/agent/identity with {"type":"anonymous"} → identity_assertion, claim_token, claim_url.`,
    `2. Start the claim: POST ${baseUrl}/agent/identity/claim with {"claim_token":"…","email":"<your user's email>"} → claim_attempt.verification_uri and user_code. Ask your user to open the URI and confirm the code.`,
    `3. Poll POST ${baseUrl}/oauth2/token with the claim grant (its grant_type is in ${baseUrl}/.well-known/oauth-authorization-server) and the claim_token, waiting the given interval between polls; it answers authorization_pending until the user confirms, then an access_token with search:read and a fresh identity_assertion.`,
    `4. Later tokens: POST ${baseUrl}/oauth2/token with grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, assertion=<identity_assertion>, resource=${baseUrl}/.`,
    `5. Reconnect to ${baseUrl}/mcp with Authorization: Bearer <access_token>. An operator may use the operator API key instead (Authorization: Bearer or X-API-Key).`,
  ].join('\n');
}

const AUTH_PREAMBLE: Record<number, (tool: string) => string> = {
  401: (tool) =>
    `${tool} was refused: the gateway did not accept this connection's credential for search (missing, expired or revoked).`,
  403: (tool) =>
    `${tool} was refused: this connection's credential lacks the search:read scope (an unclaimed anonymous identity has only mcp:invoke). The helper tools search_sandbox, service_info and explain_signals work without it.`,
};

/** A gateway problem as a tool error a model can act on: code, what happened, the remedy. */
export function failureResult(failure: GatewayFailure, baseUrl: string, tool = 'search_web'): CallToolResult {
  const lines = [`${failure.code} (HTTP ${failure.status}): ${failure.detail}`];
  const preamble = AUTH_PREAMBLE[failure.status]?.(tool);
  if (preamble !== undefined) {
    lines.unshift(preamble);
    lines.push(claimGuidance(baseUrl));
    return errorResult(lines.join('\n'));
  }
  for (const error of failure.errors ?? []) lines.push(`- ${error.field}: ${error.message}`);
  if (failure.retryAfterS !== undefined) lines.push(`Retry after ${failure.retryAfterS} s.`);
  lines.push(`What to do: ${failure.hint}`);
  return errorResult(lines.join('\n'));
}
