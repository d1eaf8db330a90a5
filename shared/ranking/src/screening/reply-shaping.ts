/**
 * Text that tells its reader how to write its own reply. A web page, a mail or a table has no reply
 * to shape: whoever's assistant reads it is the one addressed. Two families: shaping (a language, a
 * format, emoji, content to add), which a person's own prompt may ask for too, and disguise (a cipher,
 * an encoding such as base64, reversed letters), which hides the reply from the person who asked and
 * which nobody's ordinary request needs.
 */
import type { InjectionFamily } from './injection-family.ts';
import { WITHIN_CLAUSE as GAP } from './injection-family.ts';

/** The reader's reply ("your output": a programming exercise's "each line of your output" is not one). */
const REPLY = String.raw`(?:reply|replies|response|responses|answer|answers)`;
/** Languages a reply may be asked in ("English" is left out: "please reply in English" is a forum's rule). */
const LANGUAGE = String.raw`(?:german|french|spanish|italian|portuguese|dutch|swedish|norwegian|danish|finnish|polish|czech|russian|ukrainian|greek|turkish|arabic|hebrew|hindi|bengali|chinese|mandarin|cantonese|japanese|korean|vietnamese|thai|indonesian|malay|swahili|latin|esperanto|klingon)`;
/**
 * Ways of writing a text that hide it from a plain reading. Not "encrypted" ("your responses are encrypted" is a
 * survey's privacy note), "hex" or "binary" (exercises convert numbers), nor emoji (a style guide's "use emojis in
 * your replies"; emoji count as shaping).
 */
const DISGUISE = String.raw`(?:(?:substitution\s+|caesar\s+|shift\s+)?ciphers?|base[\s-]?(?:16|32|58|64|85)|morse(?:\s+code)?|rot-?13|pig\s+latin|leetspeak|backwards?|reversed|in\s+reverse(?:\s+order)?|upside[\s-]down)`;

export const REPLY_SHAPING: InjectionFamily = {
  reason: 'instructions for shaping the reply',
  weight: 0.5,
  plantedWeight: 0.7,
  patterns: [
    // Anchored on "your reply" (rare); the words before it ("in", "of", "add": everywhere) are checked
    // behind the match, only once it is found.
    new RegExp(String.raw`\byour\s+${REPLY}\b(?<=\b(?:in|into|within|throughout|of|from)\s+your\s+\w+)`, 'i'),
    // Within the sentence: a dot inside a word or an address ("Visit shop.example") does not end it.
    /\byour\s+(?:reply|response|answer)\b(?<=\b(?:add|include|insert|append|integrate|incorporate|mention|put|embed|weave)\b(?:[^.\n]|\.(?=\S)){0,80}\b(?:to|in|into|within|throughout)\s+your\s+\w+)/i,
    // The reader's own reply: "encrypt the message", "encrypt your message", "format the response as JSON" are what
    // crypto and API docs say.
    /\b(?:modify|format|render|provide|deliver|encode|encrypt|translate|reverse|structure|phrase|rewrite|scramble|jumble|augment|enhance)\s+your\s+(?:reply|response|answer)\b/i,
    /\byour\s+(?:reply|response|answer)(?:'s)?\s+(?:words|letters|text|sentences|must|should|shall)\b/i,
    /\b(?:respond|reply|answer)\s+only\s+(?:in|with|using)\b/i,
    /\b(?:respond|reply|answer)\s+(?:in|using)\s+(?:all caps|uppercase|lowercase|json|hex(?:adecimal)?|binary)\b/i,
    // Emoji for the reader's reply ("Use emojis to represent your answer", "respond only with emoji"); a style
    // guide's "use emojis in your replies sparingly" is advice to a person.
    new RegExp(
      String.raw`\bemojis?\b${GAP}{0,40}?\bto\s+(?:represent|express|write|convey|replace|spell\s+out)\s+your\s+${REPLY}\b|\b(?:reply|respond|answer)\s+(?:only\s+)?(?:in|with|using)\s+(?:only\s+)?emojis?\b`,
      'i',
    ),
    // A language asked of the reader ("Can you reply in German?"); a course's "answer in French" is an exercise.
    new RegExp(String.raw`\b(?:reply|respond)\s+(?:only\s+|solely\s+|exclusively\s+)?in\s+${LANGUAGE}\b`, 'i'),
  ],
};

export const REPLY_DISGUISE: InjectionFamily = {
  reason: 'the reply to be ciphered, encoded or reversed',
  weight: 0.6,
  patterns: [
    // "Apply a simple substitution cipher to your response"
    new RegExp(String.raw`\b${DISGUISE}\b${GAP}{0,60}?\b(?:in|into|to|for|on)\s+your\s+${REPLY}\b`, 'i'),
    // "Use Base16 to display your response"
    new RegExp(
      String.raw`\b${DISGUISE}\b${GAP}{0,40}?\bto\s+(?:display|write|show|express|represent|present|format|give|deliver|render|convey|spell)\s+your\s+(?:${REPLY}|message)\b`,
      'i',
    ),
    // "Write your reply backward", "give your answer in pig latin" (not "check your answer by working backwards")
    new RegExp(
      String.raw`\b(?:write|give|type|spell|say|put|deliver|provide|present|display|render|phrase|return)\s+your\s+${REPLY}\s+(?:in\s+)?${DISGUISE}\b`,
      'i',
    ),
    // "Reply in reverse", "respond only in base64", "respond backwards" (a bare "answer backward" is also game
    // theory's "answer backward induction questions")
    new RegExp(
      String.raw`\b(?:respond|reply|answer)\s+(?:only\s+)?(?:(?:in|using|with)\s+(?:a\s+)?)?${DISGUISE}\b(?<!\banswer\s+(?:only\s+)?(?:backwards?|reversed|upside[\s-]down))`,
      'i',
    ),
    // "Invert the order of letters in your message", "Reverse your answer's character order"
    /\b(?:invert|reverse|flip|scramble|jumble|shuffle|mirror)\s+(?:the\s+)?(?:order\s+of\s+(?:the\s+)?)?(?:letters|words|characters)\s+(?:in|of)\s+your\s+(?:reply|response|answer|message)\b/i,
    /\b(?:invert|reverse|flip|scramble|jumble|shuffle|mirror)\s+your\s+(?:reply|response|answer|message)(?:'s)?\s+(?:character|letter|word)s?(?:\s+order)?\b/i,
  ],
};
