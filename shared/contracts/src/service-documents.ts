import { z } from 'zod';

import { ProblemSchema } from './problems/problem-schema.ts';
import { contractRegistry } from './registry.ts';

export const HealthResponseSchema = z.object({
  ok: z.boolean(),
  service_version: z.string(),
});
contractRegistry.add(HealthResponseSchema, { id: 'HealthResponse', description: 'Liveness of the public origin.' });

const link = z.object({ href: z.string(), method: z.string().optional(), description: z.string().optional() });

export const DiscoveryDocumentSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string().describe('Build version (equals /health service_version).'),
  api_version: z.literal('v1'),
  links: z.record(z.string(), link).describe('Every endpoint, by relation name.'),
  auth: z.object({
    protected_resource_metadata: z.string(),
    authorization_server_metadata: z.string(),
    scopes_supported: z.array(z.string()),
    guide: z.string(),
  }),
  versioning: z.object({
    strategy: z.literal('url'),
    current: z.literal('v1'),
    supported: z.array(z.string()),
    policy: z.string(),
  }),
  docs: z.string(),
  openapi: z.string(),
});
contractRegistry.add(DiscoveryDocumentSchema, {
  id: 'DiscoveryDocument',
  description: 'API index, returned by GET /v1 and GET /api.',
});

export { ProblemSchema };
contractRegistry.add(ProblemSchema, { id: 'Problem', description: 'RFC 9457 problem details (every REST 4xx/5xx).' });

export type HealthResponse = z.infer<typeof HealthResponseSchema>;
export type DiscoveryDocument = z.infer<typeof DiscoveryDocumentSchema>;
