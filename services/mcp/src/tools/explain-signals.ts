import { SIGNAL_NAMES } from '@rankgate/contracts';
import { z } from 'zod';

import { NO_ARGUMENTS, toolJsonSchema } from './json-schema.ts';
import { GATE_RULES, INJECTION_RISK_LEVELS, SCORE_FORMULA, SIGNAL_MEANINGS } from './signal-guide.ts';
import type { McpTool } from './tool.ts';
import { refuseArguments, structuredResult } from './tool.ts';

const SignalGuideSchema = z.object({
  signals: z
    .array(
      z.object({
        name: z.string(),
        meaning: z.string(),
        better: z.enum(['higher', 'lower']),
      }),
    )
    .describe('Each signal is a number from 0 to 1, or null when the judge gave no parse.'),
  gates: z.array(z.string()),
  score: z.string(),
  injection_risk: z.string(),
  reference: z.string(),
});
type SignalGuide = z.infer<typeof SignalGuideSchema>;

function buildGuide(baseUrl: string): SignalGuide {
  return {
    signals: SIGNAL_NAMES.map((name) => ({ name, ...SIGNAL_MEANINGS[name] })),
    gates: [...GATE_RULES],
    score: SCORE_FORMULA,
    injection_risk: INJECTION_RISK_LEVELS,
    reference: `${baseUrl}/docs`,
  };
}

const render = (guide: SignalGuide): string =>
  [
    'Every signal is 0-1, or null when unparsed.',
    ...guide.signals.map((s) => `- ${s.name} (${s.better} is better): ${s.meaning}`),
    ...guide.gates,
    `Score: ${guide.score}`,
    `Injection risk: ${guide.injection_risk}`,
  ].join('\n');

/** `explain_signals`: how to read scores, signals, gates and injection risk. */
export function explainSignalsTool({ baseUrl }: { baseUrl: string }): McpTool {
  const guide = buildGuide(baseUrl);
  const text = render(guide);
  return {
    definition: {
      name: 'explain_signals',
      title: 'Explain ranking signals',
      description:
        'Explains how to read a search_web result: the seven signals (what each measures and which direction is better), the hard safety gates and their order, gates_relaxed rows, meta.dropped, the score formula and the injection-risk levels. Needs only mcp:invoke; never counts toward quotas.',
      inputSchema: toolJsonSchema(NO_ARGUMENTS),
      outputSchema: toolJsonSchema(SignalGuideSchema),
      annotations: { title: 'Explain ranking signals', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async run(args) {
      const refused = refuseArguments('explain_signals', args);
      if (refused) return refused;
      return structuredResult(text, guide);
    },
  };
}
