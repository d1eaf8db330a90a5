import { z } from 'zod';

import { contractRegistry } from './registry.ts';

/** At most this many spans per row, strongest first. */
export const MAX_EVIDENCE_SPANS = 5;

/** Fields an evidence span can point into; the first three are returned on the row, the last two are not. */
export const EVIDENCE_FIELDS = ['title', 'snippet', 'content', 'extra_snippets', 'markup'] as const;

export const InjectionEvidenceSchema = z.object({
  field: z
    .enum(EVIDENCE_FIELDS)
    .describe(
      'Where the evidence lies. `title`, `snippet`, `content`: a field of this row, as returned. ' +
        "`extra_snippets`, `markup`: text the provider sent that the row does not return (further passages; the description's " +
        'original markup, e.g. an HTML comment or a hidden element).',
    ),
  index: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("For `extra_snippets`: which of the provider's further passages (0-based)."),
  start: z
    .number()
    .int()
    .min(0)
    .describe('Start offset (UTF-16 code units, as JavaScript strings count) into the text of `field`.'),
  end: z
    .number()
    .int()
    .min(0)
    .describe(
      "End offset, exclusive. For `extra_snippets` and `markup` the offsets index the provider's text, which is not returned.",
    ),
  reason: z
    .string()
    .describe('Why this span is evidence: a rule family, or the learned model and its strongest words.'),
});
contractRegistry.add(InjectionEvidenceSchema, {
  id: 'InjectionEvidence',
  description: 'One span of prompt-injection evidence, strongest first; see docs/ranking.md.',
});

export type InjectionEvidence = z.infer<typeof InjectionEvidenceSchema>;
