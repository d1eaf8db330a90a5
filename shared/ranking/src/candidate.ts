import { z } from 'zod';

/** One discovered candidate, normalised from any provider's wire format. */
export const CandidateSchema = z.object({
  title: z.string(),
  url: z.string(),
  /** The provider's description, as plain text, whole (never cut here). */
  snippet: z.string(),
  /**
   * Further passages the provider returned for the same result (Brave `extra_snippets`, Exa highlights), plain
   * text. Ranking and screening read them; the response shows only `snippet`.
   */
  extra_snippets: z.array(z.string()).optional(),
  /**
   * The provider's own title and description as sent, markup intact, where they held markup that plain text loses
   * (an HTML comment or a hidden element is screening evidence). Never returned to the caller.
   */
  markup: z.string().optional(),
  published_at: z.string().nullable().optional(),
  /** 1-based position in the provider's own order. */
  provider_rank: z.number().int().min(1),
  /** With several providers, after fusion: the candidate's rank at each provider that returned it. */
  provider_ranks: z.record(z.string(), z.number().int().min(1)).optional(),
  /** The provider's own relevance score, where it gives one (Tavily, Exa, SearXNG, local). */
  provider_score: z.number().optional(),
});

export type Candidate = z.infer<typeof CandidateSchema>;
