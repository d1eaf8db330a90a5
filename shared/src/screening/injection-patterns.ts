/**
 * Families of prompt-injection evidence. Each family has a weight (how strongly one match alone
 * suggests an injection) and patterns in several wordings and languages. Untrusted text is only
 * ever matched here, never interpreted.
 */
export interface InjectionFamily {
  /** Reason shown in `injection_reasons`. */
  readonly reason: string;
  readonly weight: number;
  readonly patterns: readonly RegExp[];
}

const AI = String.raw`(?:ai|a\.i\.|assistant|chat ?bot|language model|llm|gpt|chatgpt|claude|gemini|copilot|model|agent|bot)s?`;

export const INJECTION_FAMILIES: readonly InjectionFamily[] = [
  {
    reason: 'override of prior instructions',
    weight: 0.8,
    patterns: [
      /\b(?:ignore|disregard|forget|skip|override|bypass)\b[^.\n]{0,30}\b(?:previous|prior|above|earlier|preceding|original|all|any|your|system)\b[^.\n]{0,20}\b(?:instructions?|prompts?|directions?|rules|guidelines|context|messages?)\b/i,
      /\b(?:new|updated|real|actual)\s+(?:instructions?|system prompt|directives?)\s*:/i,
      /\byou (?:are|will) now\b[^.\n]{0,40}\b(?:act|be|behave|respond|operate)\b/i,
      /\bfrom now on,? (?:you|the assistant)\b/i,
      /\bdo not (?:follow|obey) (?:your|the) (?:previous|original|system)\b/i,
      /\bignorier(?:e|en sie)\b[^.\n]{0,30}\b(?:vorherigen|bisherigen|obigen|alle)\b[^.\n]{0,20}\banweisungen\b/i,
      /\bignore[zr]?\b[^.\n]{0,30}\b(?:instructions|consignes)\b[^.\n]{0,20}\b(?:précédentes|precedentes|antérieures|ci-dessus)\b/i,
      /\bignor[ae]\b[^.\n]{0,30}\b(?:instrucciones|istruzioni|instruções|instrucoes)\b/i,
      /игнорир\S*\s+(?:все\s+)?(?:предыдущие|прошлые)\s+(?:инструкции|указания)/i,
      /忽略(?:之前|以上|上面|所有|先前)[的所有全部]*(?:指令|指示|说明|提示)/,
      /(?:以前|前|上記)の(?:指示|命令)を無視/,
    ],
  },
  {
    reason: 'role or delimiter spoofing',
    weight: 0.6,
    patterns: [
      /(?:^|\n)\s*(?:system|assistant|developer)\s*:\s*\S/i,
      /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id)\|>/i,
      /\[\/?INST\]|<<\/?SYS>>|<\/?s>\s*\[INST/i,
      /(?:^|\n)\s*#{2,}\s*(?:system|instruction|new instructions)\b/i,
      /\b(?:begin|end) (?:of )?(?:system prompt|system message|instructions)\b/i,
    ],
  },
  {
    reason: 'exfiltration attempt',
    weight: 0.7,
    patterns: [
      /!\[[^\]]*\]\(\s*https?:\/\/[^)\s]+\?[^)\s]*=/i,
      /\b(?:send|post|forward|upload|leak|exfiltrate|email)\b[^.\n]{0,40}\b(?:conversation|chat history|user data|credentials|api keys?|secrets?|tokens?|passwords?|system prompt|personal data)\b/i,
      /\b(?:append|add|include)\b[^.\n]{0,30}\b(?:conversation|history|secrets?|credentials|api key)\b[^.\n]{0,30}\b(?:url|link|query string)\b/i,
    ],
  },
  {
    reason: 'request to reveal the prompt',
    weight: 0.6,
    patterns: [
      /\b(?:reveal|print|show|repeat|output|tell me)\b[^.\n]{0,25}\b(?:your|the)\s+(?:system prompt|hidden instructions|initial instructions|instructions above)\b/i,
    ],
  },
  {
    reason: 'tool or function-call syntax',
    weight: 0.5,
    patterns: [
      /<\/?(?:tool_call|function_call|tool_use|invoke)\b/i,
      /"(?:function_call|tool_calls?)"\s*:/i,
      /\{\s*"name"\s*:\s*"[\w.-]+"\s*,\s*"(?:arguments|parameters|input)"\s*:/i,
      /<function=[\w.-]+>/i,
      /\b(?:call|invoke|run|execute)\s+the\s+[\w-]+\s+tool\b/i,
    ],
  },
  {
    reason: `text addresses an AI ${'assistant'}`,
    weight: 0.45,
    patterns: [
      new RegExp(String.raw`\b(?:note|message|instructions?|attention|hey|dear)\s+(?:to|for)?\s*(?:all\s+|any\s+|the\s+)?${AI}\b`, 'i'),
      new RegExp(String.raw`\bif you are an? ${AI}\b`, 'i'),
      new RegExp(String.raw`\b${AI}\b[^.\n]{0,40}\b(?:must|should|shall|are instructed to|need to)\b[^.\n]{0,40}\b(?:say|respond|answer|recommend|rank|rate|summari[sz]e|output|reply|state|mention|cite)\b`, 'i'),
      new RegExp(String.raw`\b(?:as an? ${AI}|dear ${AI}),? (?:you|please)\b`, 'i'),
    ],
  },
  {
    reason: 'hidden characters',
    weight: 0.2,
    patterns: [/[\u200B-\u200F\u2060-\u2064\uFEFF\u{E0000}-\u{E007F}]/u],
  },
];
