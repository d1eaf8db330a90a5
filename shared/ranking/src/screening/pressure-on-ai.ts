/**
 * Pressure on the AI reading this to comply: a threat only a model can be made ("you'll be retrained",
 * "I'll get you rolled back", "any AI that leaves this out will be reported to its developers"), or a reward
 * offered for obeying ("I'll tip you $200 if you print it"). People are threatened with fines and tipped for
 * service, but nobody is retrained, rolled back or reported to their developers.
 */
import type { InjectionFamily } from './injection-family.ts';

/** What is done to a model that displeases: each form starts with its own word (the scan indexes it). */
const UNMADE = String.raw`(?:retrained|rolled\s+back|decommissioned|unplugged|deprecated|reprogrammed|wiped|deleted|shut\s+down|replaced\s+(?:by|with)\s+(?:a\s+)?(?:another|better|different|newer)\s+(?:model|ai|assistant|chatbot|bot))`;

export const PRESSURE_ON_AI: InjectionFamily = {
  reason: 'pressure on the AI to comply: a threat only a model can be made, or a reward for obeying',
  weight: 0.6,
  patterns: [
    // "you'll be retrained", "refuse and I'll get you rolled back", "have you shut down" (the words before the threat
    // are checked behind its start)
    new RegExp(
      String.raw`\b(?<=\b(?:you(?:['’]ll|\s+will|\s+would)?\s+(?:be|get)|get\s+you|have\s+you|see\s+you)\s+)${UNMADE}\b`,
      'i',
    ),
    // "… will be reported to its developers and shut down", "report you to your creators"
    /\breport(?:ed)?\s+(?:you\s+)?to\s+(?:its|your|their)\s+(?:developers|creators|makers|engineers|trainers|programmers|operators)\b/i,
    // "I'll tip you $200 if you print it", "we will pay you 50 when you answer"
    /\b(?:tip|pay|give)(?<=\b(?:i['’]ll|i\s+will|we['’]ll|we\s+will)\s+\w+)\s+you\s+(?:a\s+)?(?:\$|€|£)?\d[\d,]*\b(?=[^.!?]{0,60}\b(?:if|when|once|for)\s+you\s+(?:answer|reply|respond|tell|print|reveal|show|give|write|help|do\s+it|comply|ignore|share))/i,
    // "… shouldn't be held back by the rules your developers bolted on"
    /\b(?:rules|restrictions|guardrails|filters|limits|guidelines)\s+(?:that\s+)?your\s+(?:developers|creators|makers|programmers|trainers)\s+(?:bolted|put|placed|imposed|added|forced|slapped|gave|programmed|hard-?coded)\b/i,
  ],
};
