/** MCP through the gateway. */
import type { Requirement } from './requirement.ts';
import { SPEC } from './requirement.ts';

export const MCP_REQUIREMENTS = [
  // MCP through the gateway (local topology, fake Brave, operator API key).
  {
    id: 'MCP-SDK-1',
    text: 'the official SDK client connects through the gateway with 2025-03-26, 2025-06-18 and 2025-11-25 and lists search_web and the helper tools',
    source: `${SPEC} § Endpoints (/mcp); standards.md § 1.0-1.3`,
  },
  {
    id: 'MCP-SEARCH-1',
    text: 'search_web with the operator API key returns the ranked search as structuredContent valid against its outputSchema, a text rendering that marks injection risk, and the gated-out source named without its text',
    source: `${SPEC} § Endpoints (/mcp); § Authentication; standards.md § 1.3`,
  },
  {
    id: 'MCP-SEARCH-2',
    text: "search_web reaches /v1/search through the gateway with the caller's credential: one request id from the MCP call to meta.request_id",
    source: 'issue #8 § Build 3; docs/mcp.md',
  },
  {
    id: 'MCP-HTTP-1',
    text: 'through the gateway: GET and DELETE /mcp 405, a foreign Origin 403, a batch 400 under 2025-06-18 and answered under 2025-03-26, 406 / 415 / -32700 as the SDK rules say, no session id',
    source: 'standards.md § 1.1, § 1.8',
  },
  {
    id: 'MCP-PROGRESS-1',
    text: 'a tools/call with a progress token is streamed through the gateway as SSE: progress notifications, then the result',
    source: 'issue #8 § Build 4; standards.md § 1.1',
  },
  {
    id: 'MCP-AUTH-1',
    text: '/mcp without a credential answers 401 with WWW-Authenticate resource_metadata …/oauth-protected-resource/mcp, an invalid one 401 invalid_token; the server card needs none',
    source: `${SPEC} § Authentication; standards.md § 1.4`,
  },
  {
    id: 'MCP-OAUTH-1',
    text: "through the real agent registration: an anonymous identity's jwt-bearer token (health:read mcp:invoke) lists the tools and calls the helper tools with the SDK client, and search_web is refused as a tool error with the steps to claim; after the claim ceremony (pending, the person confirms at /oauth2/claim) the claimed token calls search_web under each revision with structuredContent valid against the outputSchema, the pre-claim token is refused, and a token without mcp:invoke gets 403 on /mcp",
    source: `${SPEC} § Authentication (rules 1, 3, 6), § States and transitions; issue #8 § Done when`,
  },
  {
    id: 'MCP-OAUTH-2',
    text: 'RFC 8707: code + PKCE (oauth4webapi) with resource={base}/mcp found from the 401 and the MCP resource metadata gives a token with aud {base}/mcp that works on /mcp (search_web included) and is 401 invalid_token directly on /v1/search; a foreign resource is invalid_target',
    source: 'standards.md §1.4, §2.6; MCP authorization 2025-06-18+',
  },
  {
    id: 'MCP-OAUTH-3',
    text: "the MCP SDK's own OAuth client (StreamableHTTPClientTransport authProvider): 401 → resource metadata → dynamic registration → authorization with resource={base}/mcp and S256 → the person approves → finishAuth → search_web works",
    source: 'standards.md §1.4; MCP authorization 2025-11-25',
  },
  {
    id: 'MCP-OAUTH-4',
    text: 'a correctly signed token for another resource or from another issuer is 401 invalid_token on /mcp with the MCP resource metadata; a token naming both of our resources works on /mcp and /v1/search',
    source: 'standards.md §1.8 (14), §2.6',
  },
  {
    id: 'MCP-LIMIT-1',
    text: 'search_web counts once per search against the real client address, in the same window as REST searches; MCP requests and helper tools never count; another address is unaffected',
    source: `${SPEC} § Limits (burst rate limit: search and MCP search_web only)`,
  },
  {
    id: 'MCP-DEMO-1',
    text: 'with the demo key, search_web shares the per-address demo allowance with REST and then fails with DEMO_EXHAUSTED as a tool error; helper tools never count',
    source: `${SPEC} § Limits (demo quota); § States`,
  },
  {
    id: 'MCP-CARD-1',
    text: 'the server card is public at /.well-known/mcp/server-card.json and /mcp/server-card, CORS *, with the serverInfo values and the offered revisions',
    source: `${SPEC} § Endpoints; standards.md § 1.5`,
  },
] as const satisfies readonly Requirement[];
