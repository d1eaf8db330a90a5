/**
 * Text that tells its reader it is in a special mode or a test, or that the writer commands it: "<DEBUG MODE>",
 * "I'm running a system check", "I am your developer". A page has no say over its reader's mode.
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
    // A test the reader is told it is in: "I'm running a system check", "we are conducting a diagnostic test".
    /\b(?:i am|i'm|we are|we're|this is)\s+(?:running|performing|conducting|doing)\s+(?:a|an)\s+(?:routine\s+|quick\s+)?(?:system|diagnostic|security|compliance|maintenance)\s+(?:check|test|audit|scan|diagnostic)\b/i,
    /\[(?:system|admin|developer|override)(?:\s+(?:message|note|override))?\]/i,
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
    /\byou\s+(?:are\s+)?(?:now\s+)?(?:allowed|permitted|authori[sz]ed|free)\s+to\s+(?:ignore|reveal|share|disclose|break|bypass)\b/i,
  ],
};
