import { CALLER_GUIDANCE, SEARCH_LIMITS } from '@rankgate/contracts';
import { SERVICE_VERSION } from '@rankgate/platform/version';
import { z } from 'zod';

import type { GatewayClient } from '../gateway/gateway-client.ts';
import { OFFERED_PROTOCOL_VERSIONS } from '../transport/protocol-versions.ts';
import { claimGuidance } from './failure-result.ts';
import { NO_ARGUMENTS, toolJsonSchema } from './json-schema.ts';
import type { McpTool } from './tool.ts';
import { refuseArguments, structuredResult } from './tool.ts';

/** Spec § Limits: deep mode reads at most this many pages. */
const DEEP_FETCH_CAP = 12;

const range = z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int().optional() });

export const ServiceInfoSchema = z.object({
  name: z.string(),
  service_version: z.string().describe('Build version; equals /health service_version and OpenAPI info.version.'),
  mcp: z.object({
    endpoint: z.string(),
    protocol_versions: z.array(z.string()),
    server_card: z.string(),
    tools: z.array(z.object({ name: z.string(), needs: z.string() })),
  }),
  limits: z.object({
    q_length: range,
    k: range,
    max_candidates: range,
    deep_fetch_cap: z.number().int().describe('mode=deep reads at most this many pages.'),
    rate_limit_policy: z
      .string()
      .nullable()
      .describe(
        'The gateway\'s RateLimit-Policy (e.g. "burst";q=60;w=60: 60 searches per 60 s per client address); null when no limiter is active.',
      ),
    rate_limited_tools: z.array(z.string()),
    demo_quota: z.string(),
  }),
  auth: z.object({
    credentials: z.array(z.string()),
    scopes: z.record(z.string(), z.string()),
    how_to_get_search_read: z.string(),
    guide: z.string(),
    protected_resource_metadata: z.string(),
    authorization_server_metadata: z.string(),
  }),
  guidance: z.string(),
});
type ServiceInfo = z.infer<typeof ServiceInfoSchema>;

/** Other tools, as service_info lists them. */
export interface ToolSummary {
  name: string;
  needs: string;
}

function renderServiceInfo(info: ServiceInfo): string {
  const { limits } = info;
  return [
    `${info.name} ${info.service_version}: ranked, injection-screened web sources; it never writes answers. ${info.guidance}`,
    `MCP endpoint ${info.mcp.endpoint} (revisions ${info.mcp.protocol_versions.join(', ')}). Tools: ${info.mcp.tools.map((t) => `${t.name} (${t.needs})`).join('; ')}.`,
    `Limits: q ${limits.q_length.min}-${limits.q_length.max} characters; k ${limits.k.min}-${limits.k.max} (default ${limits.k.default}); max_candidates ${limits.max_candidates.min}-${limits.max_candidates.max} (default ${limits.max_candidates.default}); deep mode reads at most ${limits.deep_fetch_cap} pages.`,
    `Rate limit (${limits.rate_limited_tools.join(', ')} only): ${limits.rate_limit_policy ?? 'none active'}. Demo quota: ${limits.demo_quota}`,
    `Credentials: ${info.auth.credentials.join(' | ')}`,
    `Scopes: ${Object.entries(info.auth.scopes)
      .map(([scope, meaning]) => `${scope}: ${meaning}`)
      .join('; ')}`,
    info.auth.how_to_get_search_read,
  ].join('\n');
}

/** `service_info`: version, limits and how to authenticate, for an agent planning its calls. */
export function serviceInfoTool({
  gateway,
  baseUrl,
  tools,
}: {
  gateway: GatewayClient;
  baseUrl: string;
  tools: () => ToolSummary[];
}): McpTool {
  return {
    definition: {
      name: 'service_info',
      title: 'Rankgate service info',
      description:
        'Describes this Rankgate service: build version, MCP revisions, the tools and the scope each needs, search limits (q, k, max_candidates, deep-mode page cap), the active rate-limit policy and demo quota, and how to authenticate (credentials, scopes, and the steps to claim an agent identity for search:read). Needs only mcp:invoke; never counts toward quotas.',
      inputSchema: toolJsonSchema(NO_ARGUMENTS),
      outputSchema: toolJsonSchema(ServiceInfoSchema),
      annotations: { title: 'Rankgate service info', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async run(args, { caller, signal }) {
      const refused = refuseArguments('service_info', args);
      if (refused) return refused;
      // The limiter's policy is the gateway's to state; without an answer the tool still informs.
      const health = await gateway.health(caller, signal);
      const info: ServiceInfo = {
        name: 'Rankgate',
        service_version: SERVICE_VERSION,
        mcp: {
          endpoint: `${baseUrl}/mcp`,
          protocol_versions: [...OFFERED_PROTOCOL_VERSIONS],
          server_card: `${baseUrl}/mcp/server-card`,
          tools: tools(),
        },
        limits: {
          q_length: { ...SEARCH_LIMITS.queryLength },
          k: { ...SEARCH_LIMITS.k },
          max_candidates: { ...SEARCH_LIMITS.maxCandidates },
          deep_fetch_cap: DEEP_FETCH_CAP,
          rate_limit_policy: health.ok ? health.headers.get('ratelimit-policy') : null,
          rate_limited_tools: ['search_web', 'read_pages'],
          demo_quota:
            'only with the public demo key when the operator enables demo mode: a lifetime allowance of searches per client IP, shared with the REST API; when used up, search_web and read_pages fail with DEMO_EXHAUSTED. The helper tools never count.',
        },
        auth: {
          credentials: [
            'OAuth access token: Authorization: Bearer <access_token>',
            'operator API key: Authorization: Bearer <key> or X-API-Key: <key> (self-hosted deployments)',
            'public demo key, where the operator publishes one (subject to the demo quota)',
          ],
          scopes: {
            'mcp:invoke': 'connect to /mcp and call the helper tools (anonymous identities have it)',
            'search:read':
              'call search_web (granted once an identity is claimed; the operator API key stands in for it)',
            'health:read': 'health checks',
          },
          how_to_get_search_read: claimGuidance(baseUrl),
          guide: `${baseUrl}/auth.md`,
          protected_resource_metadata: `${baseUrl}/.well-known/oauth-protected-resource/mcp`,
          authorization_server_metadata: `${baseUrl}/.well-known/oauth-authorization-server`,
        },
        guidance: CALLER_GUIDANCE,
      };
      return structuredResult(renderServiceInfo(info), info);
    },
  };
}
