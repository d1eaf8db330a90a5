/**
 * The `local` provider through the gateway: the split topology indexes the BEIR SciFact corpus
 * (the evaluation data beside the repository) and answers its judged claims.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { SearchResponseSchema } from '@rankgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HttpClient } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const CORPUS = fileURLToPath(new URL('../../shared/data/beir-scifact/corpus.jsonl', import.meta.url));
const plan = await planTarget();
const corpusPresent = existsSync(CORPUS);
if (!corpusPresent && process.env.CI === 'true') throw new Error(`the SciFact corpus is missing at ${CORPUS}`);

/** Judged claims of SciFact (queries.jsonl / qrels.tsv) and their relevant document. */
const CLAIMS = [
  {
    q: '1,000 genomes project enables mapping of genetic sequence variation consisting of rare variants with larger penetrance effects than common variants.',
    relevant: '14717500',
  },
  { q: '1/2000 in UK have abnormal PrP positivity.', relevant: '13734012' },
];

describe.skipIf(plan.mode !== 'local' || !corpusPresent)(
  suiteTitle('search over a local corpus (SciFact)', plan),
  () => {
    let target: LocalTarget | undefined;
    let http: HttpClient;

    beforeAll(async () => {
      target = await startLocalTarget(plan, {
        DISCOVER_PROVIDER: 'local',
        LOCAL_CORPUS: CORPUS,
        LOCAL_INDEX_PATH: '/nonexistent/rankgate-e2e.sqlite',
      });
      http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
    });
    afterAll(async () => {
      await target?.stop();
    });

    it(verifies('SEARCH-LOCAL-1'), async () => {
      for (const claim of CLAIMS) {
        const response = await http.get(`/v1/search?q=${encodeURIComponent(claim.q)}&k=10&rank=off`);
        expect(response.status).toBe(200);
        const body = SearchResponseSchema.parse(response.json);
        expect(body.meta.provider).toBe('local');
        expect(body.results.map((r) => r.url)).toContain(`local://beir-scifact/${claim.relevant}`);
        const ranked = SearchResponseSchema.parse(
          (await http.get(`/v1/search?q=${encodeURIComponent(claim.q)}&k=10`)).json,
        );
        expect(ranked.results.length).toBeGreaterThan(0);
        expect(ranked.meta.counts.discovered).toBeGreaterThan(10);
      }
    });
  },
);
