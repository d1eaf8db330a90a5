import { SearchResponseSchema } from '@rankgate/shared/contracts';
import { PROBLEMS } from '@rankgate/shared/problems';

import type { GatewayClient } from '../gateway/gateway-client.ts';
import { failureResult } from './failure-result.ts';
import { NO_ARGUMENTS, toolJsonSchema } from './json-schema.ts';
import { renderSearchResponse } from './render-results.ts';
import type { McpTool } from './tool.ts';
import { errorResult, structuredResult } from './tool.ts';

/** `search_sandbox`: the canned `/v1/sandbox` response, to learn the result shape at no cost. */
export function searchSandboxTool({ gateway, baseUrl }: { gateway: GatewayClient; baseUrl: string }): McpTool {
  return {
    definition: {
      name: 'search_sandbox',
      title: 'Sandbox search (canned example)',
      description: 'Returns a canned, fully ranked example response for the query "how do ocean tides work", in exactly the shape search_web returns: scores, signals, a medium injection-risk row and sources removed by the safety gates. No live search, no credential scope beyond mcp:invoke, never counts toward rate limits or quotas. Use it to learn the result format or to test your client.',
      inputSchema: toolJsonSchema(NO_ARGUMENTS),
      outputSchema: toolJsonSchema(SearchResponseSchema),
      annotations: { title: 'Sandbox search (canned example)', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async run(args, { caller, signal }) {
      const unknown = Object.keys(args);
      if (unknown.length > 0) return errorResult(`BAD_REQUEST: search_sandbox takes no arguments (got ${unknown.join(', ')}). Call it with {}.`);
      const outcome = await gateway.sandbox(caller, signal);
      if (!outcome.ok) return failureResult(outcome.failure, baseUrl);
      const parsed = SearchResponseSchema.safeParse(outcome.body);
      if (!parsed.success) {
        return failureResult({ status: 502, code: 'UPSTREAM_ERROR', detail: 'The sandbox answered with a response that does not match the search contract.', hint: PROBLEMS.UPSTREAM_ERROR.hint }, baseUrl);
      }
      return structuredResult(renderSearchResponse(parsed.data), outcome.body as Record<string, unknown>);
    },
  };
}
