/** The OAuth scopes the service grants (a stable part of the contract, see docs/versioning.md). */
export const SCOPES = ['search:read', 'mcp:invoke', 'health:read'] as const;

export type Scope = (typeof SCOPES)[number];

/** What an agent's anonymous identity may do before a person claims it. */
export const PRE_CLAIM_SCOPES = ['health:read', 'mcp:invoke'] as const satisfies readonly Scope[];
