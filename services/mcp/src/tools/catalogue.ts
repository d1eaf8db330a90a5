import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { SearchAdmission } from '@rankgate/platform/limits';

import type { GatewayClient } from '../gateway/gateway-client.ts';
import type { SearchServiceClient } from '../search-service/search-service-client.ts';
import { explainSignalsTool } from './explain-signals.ts';
import { readPagesTool } from './read-pages.ts';
import { searchSandboxTool } from './search-sandbox.ts';
import { searchWebTool } from './search-web.ts';
import { serviceInfoTool } from './service-info.ts';
import type { McpTool } from './tool.ts';

/** Which credential each tool needs, as service_info and the docs state it. */
const NEEDS: Record<string, string> = {
  search_web: 'search:read or the operator API key; counts toward limits and quotas',
  read_pages: 'search:read or the operator API key; counts toward limits and quotas',
  search_sandbox: 'mcp:invoke only; never counted',
  service_info: 'mcp:invoke only; never counted',
  explain_signals: 'mcp:invoke only; never counted',
};

/** Every tool this server offers, built once per process (listings are generated here, not per request). */
export interface ToolCatalogueDependencies {
  /** The public API as any client sees it (the sandbox, the limiter policy on /health). */
  gateway: GatewayClient;
  /** The search service's internal API, for searches the MCP service has admitted itself. */
  searchService: SearchServiceClient;
  admission: SearchAdmission | undefined;
  baseUrl: string;
  log: (error: unknown, message: string) => void;
  /** Compiles the tools' checks of service answers against their outputSchema (the SDK's, shared with the servers). */
  validator: jsonSchemaValidator;
}

export function buildToolCatalogue({
  gateway,
  searchService,
  admission,
  baseUrl,
  log,
  validator,
}: ToolCatalogueDependencies): ReadonlyMap<string, McpTool> {
  const tools: McpTool[] = [];
  const summaries = () =>
    tools.map((tool) => ({ name: tool.definition.name, needs: NEEDS[tool.definition.name] ?? 'mcp:invoke' }));
  tools.push(
    searchWebTool({ searchService, admission, baseUrl, log }, validator),
    readPagesTool({ searchService, admission, baseUrl, log }),
    searchSandboxTool({ gateway, baseUrl }, validator),
    serviceInfoTool({ gateway, baseUrl, tools: summaries }),
    explainSignalsTool({ baseUrl }),
  );
  return new Map(tools.map((tool) => [tool.definition.name, tool]));
}
