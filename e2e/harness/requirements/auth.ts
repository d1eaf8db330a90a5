/** The authorization server and the gateway policy. */
import type { Requirement } from './requirement.ts';
import { SPEC } from './requirement.ts';

export const AUTH_REQUIREMENTS = [
  // The authorization server, through the gateway, with a real OAuth client (oauth4webapi).
  {
    id: 'AUTH-META-1',
    text: 'RFC 8414 metadata: issuer = base URL, S256 only, the three grants, the agent_auth block with every member',
    source: `${SPEC} § Authentication-related records; standards.md §2.1, §3`,
  },
  {
    id: 'AUTH-PRM-1',
    text: 'RFC 9728 metadata for the origin and /mcp (resource = the URL it was built from) and the seeded client document',
    source: `${SPEC} § Authentication-related records; standards.md §2.2`,
  },
  {
    id: 'AUTH-CODE-1',
    text: 'code + PKCE S256 with the seeded public client: operator consent page (not frameable, no referrer), a one-hour JWT for {base_url}/, no-store; the code is single-use',
    source: `${SPEC} § Authentication rule 5; standards.md §2.9`,
  },
  {
    id: 'AUTH-ANON-1',
    text: 'anonymous registration gives a clm_ claim token and an assertion that exchanges (jwt-bearer) for health:read mcp:invoke only',
    source: `${SPEC} § States and transitions; § Authentication rule 6`,
  },
  {
    id: 'AUTH-CLAIM-1',
    text: 'claim ceremony: authorization_pending, slow_down, the person confirms at /oauth2/claim, one token with search:read and a fresh identity_assertion, then invalid_grant',
    source: `${SPEC} § States and transitions; standards.md §2.8, §3`,
  },
  {
    id: 'AUTH-REVOKE-1',
    text: 'POST /oauth2/revoke answers 200 and is idempotent; the same assertion exchanges for a new token',
    source: `${SPEC} § Authentication rule 9; standards.md §2.4`,
  },
  {
    id: 'AUTH-SET-1',
    text: "a signed SET at /agent/event/notify answers 202 and the identity's next exchange gets invalid_grant; a forged one answers 400 invalid_key",
    source: `${SPEC} § Events; standards.md §4.2`,
  },
  {
    id: 'AUTH-GUIDE-1',
    text: 'GET /auth.md is the agent-facing guide: every agent-auth endpoint and the claim grant, with curl examples',
    source: `${SPEC} § Endpoints (human-readable pages); issue 6 § Build 10`,
  },
  {
    id: 'AUTH-CIMD-1',
    text: 'an https client_id is resolved from its client ID metadata document (SSRF-safe fetch); consent names its host and warns of loopback-only redirects; the code flow completes with that client_id',
    source: 'standards.md §2.11; issue 6 § Build 3',
  },
  {
    id: 'AUTH-CIMD-2',
    text: 'a document whose client_id differs from its URL, that uses a client secret, that redirects, or that lacks the redirect URI is refused with an error page and no redirect',
    source: 'standards.md §2.11',
  },
  {
    id: 'AUTH-LIMIT-1',
    text: 'POST /agent/identity and POST /oauth2/register share a per-IP sliding window (REGISTRATION_LIMIT_PER_MINUTE) with RateLimit fields; past it both answer 429 {error: rate_limited} with Retry-After, which an OAuth library reads as an OAuth error; other addresses and other OAuth calls are unaffected',
    source: 'issue 6 § Build 5 (rate_limited); standards.md §2.3, §3, §5.2',
  },
  {
    id: 'AUTH-UPSTREAM-1',
    text: "with an upstream OpenID Connect provider configured, the consent and claim pages ask the person to sign in there instead of the operator key; an allow-listed person signs in (code + PKCE through a second oidc-provider), approves a client's code flow and confirms an agent's claim",
    source: 'issue 6 § Build 4',
  },
  {
    id: 'AUTH-UPSTREAM-2',
    text: 'someone the upstream provider signs in but who is not on the allow-list gets 403 and stays signed out; the operator key is not accepted on the pages instead',
    source: 'issue 6 § Build 4',
  },
  {
    id: 'AUTH-GW-1',
    text: "an anonymous identity's token is 403 FORBIDDEN (insufficient_scope) on /v1/search and accepted on /health",
    source: `${SPEC} § Authentication rules 3, 6`,
  },
  {
    id: 'AUTH-GW-2',
    text: "after the claim, the claimed token and the fresh assertion's tokens search (200); the pre-claim token is refused (401)",
    source: `${SPEC} § States and transitions; standards.md §3`,
  },
  {
    id: 'AUTH-GW-3',
    text: 'a token revoked at /oauth2/revoke is refused (401 with resource_metadata) on the next request',
    source: `${SPEC} § Authentication rule 9`,
  },
  {
    id: 'AUTH-GW-4',
    text: 'a security event revoking the identity makes its live tokens 401 and its next exchange invalid_grant',
    source: `${SPEC} § Events`,
  },
  {
    id: 'AUTH-DCR-1',
    text: 'dynamic registration answers 201 with a client_id; a plain-http non-loopback redirect URI is 400 invalid_redirect_uri',
    source: 'standards.md §2.3',
  },

  // Gateway policy.
  {
    id: 'POLICY-LIMIT-1',
    text: '200 concurrent searches from one client address with a limit of 60: exactly 60 admitted, 140 × 429 RATE_LIMITED with Retry-After; another address unaffected',
    source: `${SPEC} § Limits; docs/access-and-limits.md`,
  },
  {
    id: 'POLICY-LIMIT-2',
    text: 'RateLimit-Policy and RateLimit parse as RFC 9651 Lists and count down per search; /health shows them without spending',
    source: `${SPEC} § Limits; docs/access-and-limits.md`,
  },
  {
    id: 'POLICY-LIMIT-3',
    text: 'with the limiter store unreachable, searches answer 503 SERVICE_UNAVAILABLE (fail closed) and recover when it returns, without a restart',
    source: `${SPEC} § Limits`,
  },
  {
    id: 'POLICY-DEMO-1',
    text: 'the demo key gets five searches per address across /v1 and /api/v1, then 429 DEMO_EXHAUSTED without Retry-After, still after a gateway restart',
    source: `${SPEC} § States; § Limits`,
  },
  {
    id: 'POLICY-SECRETS-1',
    text: 'no response and no service log contains a configured secret (operator key, internal token, provider key); an oversized body is 413',
    source: 'issue: gateway policy, hygiene',
  },
] as const satisfies readonly Requirement[];
