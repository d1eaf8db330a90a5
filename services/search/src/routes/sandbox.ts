import type { SearchResponse } from '@rankgate/shared/contracts';
import { CALLER_GUIDANCE, SEARCH_LIMITS } from '@rankgate/shared/contracts';
import { SERVICE_VERSION } from '@rankgate/shared/version';
import type { FastifyInstance } from 'fastify';

import { SANDBOX_QUERY, SANDBOX_RESULTS } from '../sandbox/canned-response.ts';

/** `GET /v1/sandbox`: the canned search response; no credential, no upstream call. */
export function registerSandboxRoute(app: FastifyInstance): void {
  app.get('/v1/sandbox', async (request): Promise<SearchResponse> => ({
    results: [...SANDBOX_RESULTS],
    meta: {
      service_version: SERVICE_VERSION,
      request_id: request.id,
      query: SANDBOX_QUERY,
      mode: 'snip',
      rank: 'on',
      k: SEARCH_LIMITS.k.default,
      max_candidates: SEARCH_LIMITS.maxCandidates.default,
      provider: 'sandbox',
      judge: 'sandbox',
      counts: { discovered: SANDBOX_RESULTS.length, judged: SANDBOX_RESULTS.length, gated_out: 0, returned: SANDBOX_RESULTS.length },
      cache: { hit: true, age_s: null },
      timings_ms: { total: 0 },
      usage: { judge_calls: 0, input_tokens: 0, output_tokens: 0 },
      guidance: CALLER_GUIDANCE,
      sandbox: true,
    },
  }));
}
