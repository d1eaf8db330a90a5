import { z } from 'zod';

/** One discovered candidate, normalised from any provider's wire format. */
export const CandidateSchema = z.object({
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  published_at: z.string().nullable().optional(),
  /** 1-based position in the provider's own order. */
  provider_rank: z.number().int().min(1),
  /** The provider's own relevance score, where it gives one (Tavily, Exa, SearXNG, local). */
  provider_score: z.number().optional(),
});

export type Candidate = z.infer<typeof CandidateSchema>;
