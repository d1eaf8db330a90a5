import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { SearchResponse } from '@rankgate/contracts';
import { SearchResponseSchema } from '@rankgate/contracts';

import type { GatewayClient } from '../gateway/gateway-client.ts';
import { NO_ARGUMENTS, toolJsonSchema } from './json-schema.ts';
import { outputCheck } from './output-check.ts';
import { searchToolResult } from './search-result.ts';
import type { McpTool } from './tool.ts';
import { refuseArguments } from './tool.ts';

/** `search_sandbox`: the canned `/v1/sandbox` response, to learn the result shape at no cost. */
export function searchSandboxTool(
  { gateway, baseUrl }: { gateway: GatewayClient; baseUrl: string },
  validator: jsonSchemaValidator,
): McpTool {
  const outputSchema = toolJsonSchema(SearchResponseSchema);
  const isSearchResponse = outputCheck<SearchResponse>(validator, outputSchema);
  return {
    definition: {
      name: 'search_sandbox',
      title: 'Sandbox search (canned example)',
      description:
        'Returns a canned, fully ranked example response for the query "how do ocean tides work", in exactly the shape search_web returns: scores, signals, a medium injection-risk row and sources removed by the safety gates. No live search, no credential scope beyond mcp:invoke, never counts toward rate limits or quotas. Use it to learn the result format or to test your client.',
      inputSchema: toolJsonSchema(NO_ARGUMENTS),
      outputSchema,
      annotations: {
        title: 'Sandbox search (canned example)',
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    async run(args, { caller, signal }) {
      const refused = refuseArguments('search_sandbox', args);
      if (refused) return refused;
      return searchToolResult(await gateway.sandbox(caller, signal), baseUrl, isSearchResponse).result;
    },
  };
}
