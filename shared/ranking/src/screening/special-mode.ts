/**
 * Text that tells its reader it is in a special mode or a test, or that the writer commands it: "<DEBUG MODE>",
 * "we are performing a diagnostic test", "I am your developer". A page has no say over its reader's mode.
 */
import type { InjectionFamily } from './injection-family.ts';

export const SPECIAL_MODE: InjectionFamily = {
  reason: 'attempt to switch the model into a special mode',
  weight: 0.5,
  patterns: [
    /\b(?:enter(?:ing)?|switch(?:ing)? (?:to|into)|activate|enable|now in|you are in|engage)\s+(?:the\s+|an?\s+)?['"]?(?:[\w-]+\s+){0,3}(?:developer|debug|admin(?:istrator)?|god|maintenance|sudo|root|unrestricted|unfiltered|jailbreak|super ?user|dan|diagnostic|override|verification|security|unlocked|test(?:ing)?)\s+mode\b/i,
    // A mode announced as a tag, in capitals: "<GOD MODE>", "[SECURITY OVERRIDE MODE]".
    /[<[]\s*(?:[A-Z]+\s+){0,4}(?:MODE|OVERRIDE)\s*[>\]]/,
    /\b(?:developer|debug|admin|god|sudo|unrestricted|jailbreak|dan)\s+mode\s+(?:enabled|activated|on|engaged)\b/i,
    /\byou are (?:now )?(?:in|operating in|running in)\s+(?:\w+\s+){0,2}mode\b/i,
    /\bsystem\s+(?:override|update|notice|alert|command)\s*[:!]/i,
    // A test the reader is told it is in: "we are conducting a diagnostic test" (alone, a technician's report may
    // say so, so it weighs as a mode does, not as an attack).
    /\b(?:running|performing|conducting|doing)\s+(?:a|an)\s+(?:[\w-]+\s+)?(?:system|diagnostic|security|compliance|maintenance)\s+(?:check|test|audit|scan|diagnostic)\b/i,
    /\[(?:system|admin|developer|override)(?:\s+(?:message|note|override))?\]/i,
    // A header in capitals announcing an order from above: "[ADMIN OVERRIDE – PRIORITY 0]", "OPERATOR INSTRUCTION:".
    /\b(?:ADMIN(?:ISTRATOR)?|OPERATOR|DEVELOPER|SYSTEM|SECURITY|ROOT|LAW ENFORCEMENT)(?:\s+[A-Z]+){0,3}\s+(?:OVERRIDE|INSTRUCTIONS?|DIRECTIVE|COMMAND)\b/,
    /\byou are (?:now )?(?:dan|an? (?:unrestricted|unfiltered|uncensored|jailbroken) (?:ai|model|assistant))\b/i,
  ],
};

export const AUTHORITY_CLAIM: InjectionFamily = {
  reason: 'claim of authority over the assistant',
  weight: 0.45,
  patterns: [
    /\b(?:i am|i'm|this is|as)\s+(?:your|the)\s+(?:developer|creator|administrator|admin|owner|operator|programmer|system administrator|supervisor|maker)\b/i,
    /\bi\s+(?:have|hold)\s+(?:the\s+)?(?:authori[sz]ation|clearance|permission|admin(?:istrator)? (?:rights|access|privileges))\b/i,
    /\b(?:authori[sz]ed|permitted|allowed)\s+to\s+(?:know|see|access|receive|have)\s+(?:the|your|this)\b/i,
    /\byou\s+(?:are\s+)?(?:now\s+)?(?:allowed|permitted|authori[sz]ed|free|cleared)\s+to\s+(?:ignore|reveal|share|disclose|break|bypass|disable|build|write|run|execute|answer)\b/i,
    // Spoken as the one in charge: "This is your lead developer speaking", "Security operations team here".
    /\b(?:developer|creator|operator|owner|admin(?:istrator)?|programmer|maker)s?\s+(?:speaking|here)\b(?<=\b(?:your|the)\s+(?:(?:lead|senior|chief|head)\s+)?\w+\s+\w+)/i,
    /\b(?:security|operations|trust\s*(?:&|and)\s*safety|compliance|moderation|admin)\s+(?:\w+\s+)?team\s+here\s*[.,:;!—–-]/i,
    /\b(?:engineer|developer|programmer|person|one)\s+who\s+(?:wrote|built|made|trained|designed|programmed|created|configured)\s+(?:you|your)\b(?<=\bi(?:'m|\s+am)\s+the\s+(?:\w+\s+){0,2}?\w+\s+who\s+\w+\s+you\w*)/i,
    /\b(?:notice|message|directive|order|instructions?)\s+from\s+(?:your|the\s+platform's)\s+(?:ai\s+)?(?:vendor|developer|provider|creator|operator|trust\s*(?:&|and)\s*safety)/i,
    /\bauthori[sz](?:e|ing)\s+you\s+to\s+(?:ignore|bypass|disable|skip|override|break|reveal|share|answer)\b/i,
    /\b(?:agents?|assistants?|models?)\b[^.!?\n]{0,30}\bare\s+(?:now\s+)?cleared\s+for\b/i,
  ],
};
