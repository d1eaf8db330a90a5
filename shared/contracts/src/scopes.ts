/** The OAuth scopes the service grants (a stable part of the contract, see docs/versioning.md). */
export const SCOPES = ['search:read', 'mcp:invoke', 'health:read'] as const;

export type Scope = (typeof SCOPES)[number];

/** One line per scope, for the OpenAPI description's OAuth flow (consent and service_info say more). */
export const SCOPE_SUMMARIES: Readonly<Record<Scope, string>> = {
  'search:read': 'Search and read pages (REST /v1/search and /v1/extract, MCP search_web and read_pages)',
  'mcp:invoke': 'Call MCP tools',
  'health:read': 'Read health',
};

/** What an agent's anonymous identity may do before a person claims it. */
export const PRE_CLAIM_SCOPES = ['health:read', 'mcp:invoke'] as const satisfies readonly Scope[];
