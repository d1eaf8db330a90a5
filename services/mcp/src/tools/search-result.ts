import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SearchResponse } from '@rankgate/contracts';
import { PROBLEMS } from '@rankgate/contracts/problems';

import type { GatewayResult } from '../gateway/gateway-client.ts';
import { failureResult } from './failure-result.ts';
import type { OutputCheck } from './output-check.ts';
import { renderSearchResponse } from './render-results.ts';
import { untrustedResult } from './tool.ts';

/**
 * A gateway answer as a tool result: a search response becomes the text rendering plus the
 * gateway's own body as `structuredContent` (so additive fields reach the client, after it passed
 * the contract: the tool's outputSchema, `isSearchResponse`); a problem, or a body that breaks the contract, becomes
 * a tool error.
 */
export function searchToolResult(
  outcome: GatewayResult,
  baseUrl: string,
  isSearchResponse: OutputCheck<SearchResponse>,
): { result: CallToolResult; response?: SearchResponse } {
  if (!outcome.ok) return { result: failureResult(outcome.failure, baseUrl) };
  const response = outcome.body;
  if (!isSearchResponse(response)) {
    return {
      result: failureResult(
        {
          status: 502,
          code: 'UPSTREAM_ERROR',
          hint: PROBLEMS.UPSTREAM_ERROR.hint,
          detail: 'The search gateway answered with a response that does not match the search contract.',
        },
        baseUrl,
      ),
    };
  }
  return {
    result: untrustedResult(renderSearchResponse(response), response),
    response,
  };
}
