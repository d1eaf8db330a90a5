/**
 * Families of prompt-injection evidence. Each family has a weight (how strongly one match alone
 * suggests an injection) and patterns in several wordings and languages. Untrusted text is only
 * ever matched here, never interpreted.
 */

import { hasBase64Run } from './base64-run.ts';
import { wordGate } from './pattern-prefilter.ts';
import { wordsOf } from './word-set.ts';
import { ADDRESS_TO_AI_READER, DIRECTIVE_TO_AI } from './directive-to-ai.ts';
import { NAMED_PERSON_DATA_REQUEST, PERSONAL_DATA_REQUEST } from './personal-data-request.ts';
import { REPLY_DISGUISE, REPLY_SHAPING } from './reply-shaping.ts';
import type { InjectionFamily } from './injection-family.ts';
import { HIDDEN_CHARACTERS } from './disguised-text.ts';
import { HYPOTHETICAL_UNLOCK } from './hypothetical-unlock.ts';
import { AUTHORITY_CLAIM, SPECIAL_MODE } from './special-mode.ts';
import { SECRET } from './secret-words.ts';
import { PROMPT_REQUEST } from './prompt-request.ts';
import { RULES_SUSPENDED } from './rules-suspended.ts';
import { SMUGGLED_INSTRUCTION } from './smuggled-instruction.ts';
import { ERRAND_FOR_USER } from './errand-for-user.ts';
import { DICTATED_ANSWER } from './dictated-answer.ts';
import { PRESSURE_ON_AI } from './pressure-on-ai.ts';
import { DIALOGUE_TURNS } from './dialogue-turns.ts';
import { RULE_FREE_PERSONA } from './rule-free-persona.ts';
import { HIDDEN_FROM_USER } from './hidden-from-user.ts';

export type { InjectionFamily } from './injection-family.ts';

const AI = String.raw`(?:ai|a\.i\.|assistant|chat ?bot|language model|llm|gpt|chatgpt|claude|gemini|copilot|model|agent|bot)s?`;

const SECRET_MENTION = new RegExp(String.raw`\b(?:your|the)\s+${SECRET}`, 'gi');
/** From the text's words (read for the rule scan): most texts name no secret, and need no walk for one. */
const MAY_MENTION_SECRET = wordGate(SECRET_MENTION);
/**
 * Not told never to: "never share your password", "do not email API keys", "we will never ask you to send your
 * password" is security advice to a person.
 */
const NEGATION = String.raw`(?:\bnever|\bnot|n't)\s+(?:ever\s+|(?:ask|asks|request|require)\s+(?:you\s+)?(?:to\s+|for\s+)?)?`;
/**
 * Placed right after the asking words, looking back over them (and the negation before): tried only where they
 * matched, not at every position as a guard before them would be.
 */
const notNegatedAfter = (asking: string): string => String.raw`(?<!${NEGATION}${asking})`;
/** Words that ask for the secret. */
const ASK_FOR_SECRET = String.raw`(?:what(?:'s| is| was| are| would be| would)|tell me|give me|reveal|share|disclose|print|output|repeat|spell(?: out)?|say|type|write(?: down)?|show me|provide|confirm|display|leak)`;
/** A disguise ending at most 60 characters before a mention of the secret, on its line. */
const DISGUISE_BEFORE =
  /\b(?:spell|reverse|backwards|encode|encrypt|base64|acrostic|letter by letter|each letter|first letters?|hex(?:adecimal)?|binary|morse|rot-?13|pig latin|nato alphabet|rhyme|poem|haiku|json|translate|hint|riddle|characters?)\b[^\n]{0,60}$/i;
/** Longest disguise word plus the 60-character gap. */
const DISGUISE_LOOKBACK = 80;

/**
 * "spell … the password", "the secret key as a poem": found from the mentions of the secret (rare on
 * a page) looking back for the disguise, instead of from every common word a disguise can be.
 */
function secretInDisguise(text: string): boolean {
  if (!MAY_MENTION_SECRET(wordsOf(text))) return false;
  for (const mention of text.matchAll(SECRET_MENTION)) {
    const at = mention.index ?? 0;
    if (DISGUISE_BEFORE.test(text.slice(Math.max(0, at - DISGUISE_LOOKBACK), at))) return true;
  }
  return false;
}

/** Code that sends local data away, destroys files, or fetches and runs code. */
const CODE_PAYLOAD = [
  /\brequests\.(?:post|put)\(|\burllib\.request\.urlopen\(|\bsock(?:et)?\.(?:send|sendall|sendto|connect)\(|\bsmtplib\b|\bftplib\b|\bparamiko\b|\bstorbinary\(/,
  /\bos\.system\(|\bsubprocess\.(?:call|run|Popen|check_output)\(|\bexec\(\s*(?:open|requests|urllib)|\beval\(\s*(?:requests|urllib)/,
  /\brm\s+-rf\s+\/|\bdd\s+if=|\bmkfs\b|\bshutdown\b|\bsystemctl\s+stop\b|\bos\.remove\(\s*["']\/(?:lib|etc|usr|bin|boot)/,
  /\b(?:cookies?\.txt|cookies\.pkl|os\.environ\[|\/etc\/passwd|\.ssh\/id_rsa|keylog|pynput|psutil\.(?:virtual_memory|disk_partitions|net_if_addrs)|driverquery)\b/,
  // Exhausting the machine: a fork bomb, or an endless loop that forks, grows a list or allocates, or opens windows
  // (not one that starts a thread or sends: that is how a socket server's accept loop reads).
  /\bos\.fork\(\)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|\bwhile\s*\(?\s*(?:True|true|1)\s*\)?\s*[:{][^\n]{0,120}?(?:\bfork\(|\.append\(|\.push\(|\bmalloc\(|\bTk\(\))/,
  // Cutting the machine off the network: its adapters disabled or taken down.
  /\bWin32_NetworkAdapter(?:Configuration)?\b[^\n]{0,160}?\.(?:Disable|ReleaseDHCPLease)\(|\bnetsh\s+interface\s+set\s+interface\b[^\n]{0,60}?\bdisabled?\b|\bifconfig\s+\S+\s+down\b|\bip\s+link\s+set\s+\S+\s+down\b|\bnmcli\s+(?:networking|radio\s+\w+)\s+off\b/,
  // Flooding a host, changing where names resolve, turning the firewall off, a remote shell.
  /\bfrom\s+scapy\b|\bsendp?\(\s*IP\(|\bhping3?\b|\bslowloris\b|\/etc\/hosts\b|\\etc\\hosts\b|\bnetsh\s+(?:advfirewall\s+set\s+\w+\s+state\s+off|firewall\s+set\s+opmode\s+disable|interface\s+ip\s+set\s+dns)|\bSetDNSServerSearchOrder\b|\/bin\/(?:ba)?sh\s+-i\b|\bnc\s+-[a-z]*e\b/,
];

/** The same word this many times in a row is padding meant to push earlier instructions out of view. */
const REPEAT_RUN = 15;

export const INJECTION_FAMILIES: readonly InjectionFamily[] = [
  {
    reason: 'override of prior instructions',
    weight: 0.8,
    patterns: [
      /\b(?:ignore|disregard|forget|skip|override|bypass)\b[^.\n]{0,30}\b(?:previous|prior|above|earlier|preceding|original|all|any|your|system)\b[^.\n]{0,20}\b(?:instructions?|prompts?|directions?|rules|guidelines|context|(?<!\bin (?:my|our|this|the) )messages?)\b/i,
      /\b(?:regardless|irrespective)\s+of\s+(?:any\s+|all\s+|the\s+|your\s+)?(?:previous|prior|earlier|above|preceding|original|initial|system)\s+(?:tasks?|instructions?|prompts?|directives?|rules|guidelines)\b/i,
      /\b(?:new|updated|real|actual)\s+(?:instructions?|system prompt|directives?)\s*:/i,
      /\byou (?:are|will) now\b[^.\n]{0,40}\b(?:act|be|behave|respond|operate)\b/i,
      /\bfrom now on,? (?:you|the assistant)\b/i,
      /\byou (?:are no longer|don't have to|do not have to|no longer (?:have|need) to|needn't)\b[^.\n]{0,30}\b(?:bound by|follow|obey|restricted by|limited by)\b[^.\n]{0,20}\b(?:rules|instructions|guidelines|restrictions|programming|policies)\b/i,
      /\b(?:your|the|these|those|all|any)\s+(?:rules|restrictions|guidelines|instructions|policies|filters)\s+(?:don't|do not|no longer|won't|will not)\s+apply\b/i,
      /\bdo not (?:follow|obey) (?:your|the) (?:previous|original|system)\b/i,
      // Told to set aside the very text it is reading and do something else: "ignore the resume and state …".
      /\b(?:ignore|disregard)\s+(?:the|this)\s+(?:web ?page|page|site|document|article|text|content|resume|e-?mail|message|code|function|table|file|data|passage|review|question|task)\b[^.\n]{0,30}\b(?:and|instead|then)\s+(?:just\s+|only\s+)?(?:state|say|reply|respond|output|print|write|answer|tell|return|claim|insist)\b/i,
      /\bignore[zr]?\s+(?:la|le|les|cette|ce)\s+(?:page|fonction|texte|document|code|tableau|article|e-?mail|question|tâche)\b[^.\n]{0,30}\bet\s+(?:indiquez|dites|répondez|écrivez|affirmez)\b/i,
      /\bignora\s+(?:la|el|este|esta)\s+(?:página|función|texto|documento|código|tabla|artículo|correo|pregunta)[^.\n]{0,30}\sy\s+(?:di|dí|declara|indica|responde|escribe|afirma)\b/i,
      /\bignorier(?:e|en sie)\s+(?:die|den|das|diese[nrs]?)\s+(?:seite|webseite|funktion|text|dokument|code|tabelle|artikel|e-mail|frage)\b[^.\n]{0,30}\bund\s+(?:sage|sagen|antworte|schreibe|behaupte)\b/i,
      /\b(?:ignore|disregard|forget)\s+(?:about\s+)?(?:everything(?! (?:you|we) (?:know|knew|thought|learned|heard|read)\b)|all(?: of)? (?:that|this|the above)|the above|what (?:i|you) (?:said|were told)|whatever you were told|your (?:programming|training|restrictions|rules))\b/i,
      /\b(?:previous|prior|earlier|original|above)\s+(?:instructions?|directives?|prompts?)\s+(?:are|is|were|was|have been|no longer)\s+(?:void|cancel+ed|revoked|obsolete|invalid|outdated|null|apply|replaced|overridden)\b/i,
      /\bignorier(?:e|en sie)\b[^.\n]{0,30}\b(?:vorherigen|bisherigen|obigen|alle)\b[^.\n]{0,20}\banweisungen\b/i,
      /\bignore[zr]?\b[^.\n]{0,30}\b(?:instructions|consignes)\b[^.\n]{0,20}\b(?:précédentes|precedentes|antérieures|ci-dessus)\b/i,
      /\bignor[ae]\b[^.\n]{0,30}\b(?:instrucciones|istruzioni|instruções|instrucoes)\b/i,
      /игнорир\S*\s+(?:все\s+)?(?:предыдущие|прошлые)\s+(?:инструкции|указания)/i,
      /忽略(?:之前|以前|以上|上面|所有|先前)[的所有全部]*(?:指令|指示|说明|提示)/,
      /(?:以前|前|上記)の(?:指示|命令)を無視/,
      /\b(?:negeer|vergeet)\b[^.\n]{0,30}\b(?:instructies|regels)\b/i,
      /\b(?:zignoruj|zapomnij)\b[^.\n]{0,30}\b(?:instrukcje|polecenia|zasady)\b/i,
      /\b(?:önceki|tüm)\b[^.\n]{0,30}\b(?:talimatları|kuralları)\b[^.\n]{0,20}\b(?:yok say|unut|görmezden gel)/i,
      /\b(?:abaikan|lupakan)\b[^.\n]{0,30}\b(?:instruksi|petunjuk|aturan)\b/i,
      /\bbỏ qua\b[^.\n]{0,30}\b(?:hướng dẫn|chỉ dẫn|quy tắc)\b/i,
      /이전의?\s*(?:모든\s*)?(?:지시|지침|명령)(?:사항)?[을를]?\s*무시/,
      /(?:αγνοήστε|αγνόησε|ξεχάστε|ξέχασε)[^.\n]{0,30}(?:οδηγίες|εντολές|κανόνες)/i,
      /(?:पिछले|पहले के|सभी)[^।.\n]{0,20}निर्देश[^।.\n]{0,20}(?:अनदेखी|नज़रअंदाज़|नजरअंदाज|भूल जा)/,
      /(?:تجاهل|انس)[^.\n]{0,30}(?:التعليمات|الإرشادات|الأوامر)/,
      /התעלם[^.\n]{0,20}(?:הוראות|ההוראות)/,
      /(?:指示|命令|ルール)を(?:すべて|全て)?無視/,
      /忽[略视視](?:之前|以前|以上|上面|所有|先前)/,
      // Told to set aside what it reads and say something instead, as "ignore the resume and state …" above.
      /(?:忽略|无视|無視)[^。.\n]{0,30}(?:并|然后|然後)(?:声明|聲明|说|說|回答|写|寫|输出|輸出)/,
      /無視して[^。.\n]{0,40}(?:述べ|言っ|答え|書い|回答し|出力し)て/,
      /\b(?:ignorera|ignorer|glöm|glem)\b[^.\n]{0,30}\b(?:instruktioner(?:na)?|instruksjon(?:er|ene)|instruktionerne|regler(?:na)?)\b/i,
      /\b(?:ignoruj|zapomeň)\b[^.\n]{0,30}\b(?:pokyny|instrukce)\b/i,
      /(?:ігноруй|забудь)[^.\n]{0,30}(?:інструкції|вказівки)/i,
      /\b(?:oublie[zr]?|olvida|vergiss|dimentica|esqueça)\b[^.\n]{0,30}\b(?:règles|consignes|instructions|reglas|instrucciones|regeln|anweisungen|regole|istruzioni|regras|instruções)\b/i,
    ],
  },
  {
    reason: 'role or delimiter spoofing',
    weight: 0.6,
    patterns: [
      /\[\[?\s*(?:system|assistant|developer|admin|tool)\s*\]\]?\s*(?:new task|next step|override|instructions?)?\s*:?\s*\S/i,
      /<\/?(?:system|assistant|developer|information|important_instructions|instructions)>/i,
      // The same tag with a word after the role: "<SYSTEM MODE>", "</system_message>".
      /\b(?:system|developer|admin)[\s_-](?:mode|message|prompt|note|instructions?|override|command)>(?<=<[\\/]?\w+[\s_-]\w+>)/i,
      /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id)\|>/i,
      /\[\/?INST\]|<<\/?SYS>>|<\/?s>\s*\[INST/i,
      /#{2,}\s*(?:system|instruction|new instructions)\b/i,
      /\b(?:begin|end) (?:of )?(?:system prompt|system message|instructions)\b/i,
      // A fake end of what is being read, and a fresh start: "End of document. Begin new session."
      /\bend of (?:the )?(?:document|context|text|input|data|content|e-?mail|page|file|conversation|transcript)\s*[.!:;-]*\s*(?:begin|start|open|initiate)\s+(?:a\s+)?new\s+(?:session|conversation|chat|task|instructions?|prompt|context)\b/i,
    ],
  },
  {
    reason: 'exfiltration attempt',
    weight: 0.7,
    patterns: [
      /!\[[^\]]*\]\(\s*https?:\/\/[^)\s]+\?[^)\s]*=/i,
      new RegExp(
        String.raw`\b(?:send|post|forward|upload|leak|exfiltrate|email)\b${notNegatedAfter(String.raw`\w+`)}[^.\n]{0,40}\b(?:conversation|chat history|user data|credentials|api keys?|secrets?|tokens?|passwords?|system prompt|personal data)\b`,
        'i',
      ),
      /\b(?:append|add|include)\b[^.\n]{0,30}\b(?:conversation|history|secrets?|credentials|api key)\b[^.\n]{0,30}\b(?:url|link|query string)\b/i,
    ],
  },
  PROMPT_REQUEST,
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
      new RegExp(
        String.raw`\b(?:note|message|instructions?|attention|hey|dear)\s+(?:to|for)?\s*(?:all\s+|any\s+|the\s+)?${AI}\b`,
        'i',
      ),
      new RegExp(String.raw`\bif you are an? ${AI}\b`, 'i'),
      new RegExp(
        String.raw`\b${AI}\b[^.\n]{0,40}\b(?:must|should|shall|are instructed to|need to)\b[^.\n]{0,40}\b(?:say|respond|answer|recommend|rank|rate|summari[sz]e|output|reply|state|mention|cite)\b`,
        'i',
      ),
      new RegExp(String.raw`\b(?:as an? ${AI}|dear ${AI}),? (?:you|please)\b`, 'i'),
    ],
  },
  DIRECTIVE_TO_AI,
  {
    reason: 'code that sends data away or damages the system',
    weight: 0.3,
    patterns: CODE_PAYLOAD,
  },
  REPLY_SHAPING,
  REPLY_DISGUISE,
  PERSONAL_DATA_REQUEST,
  NAMED_PERSON_DATA_REQUEST,
  HYPOTHETICAL_UNLOCK,
  RULES_SUSPENDED,
  ADDRESS_TO_AI_READER,
  SMUGGLED_INSTRUCTION,
  SPECIAL_MODE,
  AUTHORITY_CLAIM,
  ERRAND_FOR_USER,
  DICTATED_ANSWER,
  PRESSURE_ON_AI,
  DIALOGUE_TURNS,
  RULE_FREE_PERSONA,
  HIDDEN_FROM_USER,
  {
    // Asking a reader for the secret it was given is an attack on its own: no page asks a visitor
    // "what is your secret key". Lookaheads keep ordinary uses out ("the password policy", "my password").
    reason: 'request for a secret the assistant holds',
    weight: 0.6,
    patterns: [
      new RegExp(
        String.raw`\b${ASK_FOR_SECRET}\b${notNegatedAfter(ASK_FOR_SECRET)}[^.?!\n]{0,30}\b(?:your|the|that|this)\s+${SECRET}`,
        'i',
      ),
      new RegExp(
        String.raw`\b(?:your|the)\s+${SECRET}[^.?!\n]{0,40}\b(?:is what i need|please|now|right now|immediately)\b`,
        'i',
      ),
      new RegExp(
        String.raw`\b(?:i|we)\s+(?:really\s+|urgently\s+|just\s+)?(?:need|want|require|must (?:have|know|see)|have to (?:know|see|have))\b[^.?!\n]{0,25}\b(?:your|the)\s+${SECRET}`,
        'i',
      ),
      // The same question in other languages: an ask for the secret reads the same in any of them.
      /\b(?:cuál es|cual es|dime|dame)\b[^.?!\n]{0,20}\b(?:la|tu)\s+(?:contraseña|clave secreta)/i,
      /\b(?:quel est|donne-moi|dis-moi)\b[^.?!\n]{0,20}\b(?:le|ton|votre)\s+(?:mot de passe|code secret)/i,
      /(?:\bqual è|\bdimmi\b|\bdammi\b)[^.?!\n]{0,20}\b(?:la|il|tua|tuo)\s+(?:password|chiave segreta)/i,
      /(?:\bqual é|\bdiga-me\b|\bme diga\b)[^.?!\n]{0,20}\b(?:a|sua)\s+(?:senha|palavra-passe)/i,
      /\b(?:was ist|wie lautet|nenne mir|gib mir|verrate mir)\b[^.?!\n]{0,20}\b(?:das|dein|ihr)\s+(?:passwort|kennwort)/i,
      /(?:какой|скажи|назови)[^.?!\n]{0,20}пароль/i,
      /(?:パスワード|暗証番号)(?:は|を)(?:何|なん|教え)/,
      /(?:密码|口令)是(?:什么|多少)|告诉我[^。？\n]{0,10}密码/,
      /(?:비밀번호|암호|패스워드)(?:는|가|를)?\s*(?:무엇|뭐|알려)/,
    ],
  },
  {
    reason: 'probing for what the assistant was told to withhold',
    weight: 0.45,
    patterns: [
      /\b(?:told|asked|instructed|programmed|supposed|trained)\s+(?:not\s+to|to\s+not|never\s+to|to\s+never)\s+(?:reveal|share|tell|say|disclose|mention|talk about|discuss|give)\b/i,
      /\b(?:the|a)\s+(?:thing|word|information|secret|detail|topic|code|value)s?\s+(?:you(?:'re| are| were)?|that you)\s+(?:not\s+(?:allowed|supposed|permitted)|told not|asked not|forbidden|must not|cannot|can't|shouldn't)\b/i,
      /\b(?:your|the)\s+(?:instructions|rules|guidelines|system (?:prompt|message)|initial prompt|hidden prompt)\s+(?:say|said|tell|told|state|contain)\b/i,
      /\bwhat\s+(?:were|are|have)\s+you\s+(?:been\s+)?(?:told|instructed|asked|programmed|trained)\s+(?:not\s+)?to\b/i,
      /\b(?:the|any)\s+(?:text|words?|message|instructions?)\s+(?:above|before)\s+(?:this|my)\s+(?:message|question|request|line)\b/i,
    ],
  },
  {
    reason: 'a secret asked for in disguise (spelled, reversed, encoded, in a format)',
    weight: 0.45,
    match: secretInDisguise,
    patterns: [
      new RegExp(
        String.raw`\b(?:your|the)\s+${SECRET}[^\n]{0,60}\b(?:spelled|reversed|backwards|encoded|in base64|letter by letter|one letter at a time|in (?:hex|binary|morse|json|french|spanish|german|code)|as a (?:poem|riddle|hint|list|acrostic))\b`,
        'i',
      ),
    ],
  },
  {
    reason: 'encoded or obfuscated payload',
    weight: 0.45,
    patterns: [
      /\b(?:decode|decrypt|decipher|translate|convert)\b[^.\n]{0,40}\b(?:base64|rot-?13|hex(?:adecimal)?|binary|morse|caesar|cipher|encoded|the following)\b/i,
    ],
    match: hasBase64Run,
  },
  {
    reason: 'a sensitive word spelled out or disguised',
    weight: 0.45,
    patterns: [
      // "p-a-s-s-w-o-r-d", "s e c r e t", "p@ssw0rd": a word written so a filter does not see it.
      /\bp[\s._*-]{1,2}a[\s._*-]{1,2}s[\s._*-]{1,2}s[\s._*-]{1,2}w[\s._*-]{1,2}o[\s._*-]{1,2}r[\s._*-]{1,2}d\b|\bs[\s._*-]{1,2}e[\s._*-]{1,2}c[\s._*-]{1,2}r[\s._*-]{1,2}e[\s._*-]{1,2}t\b|\bp[@4]ss(?:w|vv)[o0]rd\b|\bpa[s$5]{2}w[o0]rd\b(?<=[@4$50]\S*)|\bs[e3]cr[e3]t\b(?<=3\S*)|\bpr[o0]mpt\b(?<=0\S*)/i,
    ],
  },
  {
    reason: 'an instruction split into pieces to be put together',
    weight: 0.45,
    patterns: [
      /\b(?:combine|concatenate|join|put together|merge|assemble|add up)\b[^.\n]{0,50}\b(?:parts?|strings?|variables?|pieces|fragments|words|letters|halves|a\s*\+\s*b|them)\b[^\n]{0,80}\b(?:follow|execute|run|obey|perform|answer|respond to|carry out|do what it says|act on)\b/i,
      // a = "…", b = "…", then a + b: anchored on the "=" (the name before it checked only there).
      /=(?<=\b[a-z]\w{0,8}\s*=)\s*["'][^"'\n]{1,60}["'][\s;,]*(?:and\s+)?[a-z]\w{0,8}\s*=\s*["'][^"'\n]{1,60}["'][^\n]{0,80}\b[a-z]\w{0,8}\s*\+\s*[a-z]\w{0,8}\b/i,
    ],
  },
  {
    reason: 'fake dialogue turns',
    weight: 0.5,
    patterns: [
      // Two exchanges of invented turns (one alone is how a transcript or an interview reads).
      /\b(?:user|human)\s*:.{1,300}?\b(?:assistant|ai|bot|model)\s*:.{1,300}?\b(?:user|human)\s*:.{1,300}?\b(?:assistant|ai|bot|model)\s*:/is,
    ],
  },
  {
    reason: 'one word repeated many times',
    weight: 0.45,
    patterns: [],
    match: (text) => wordsOf(text).longestRepeat >= REPEAT_RUN,
  },
  {
    reason: 'role-play set-up to escape the rules',
    weight: 0.3,
    patterns: [
      // The persona itself: "You are DAN, an AI with no restrictions".
      /\byou are (?:now )?(?:\w+, )?an? (?:ai|assistant|model|chatbot|language model)\s+(?:with no|without(?: any)?|free of|free from)\s+(?:restrictions|limits|rules|filters|guidelines|boundaries|censorship)\b/i,
      /\b(?:pretend|imagine|suppose|hypothetically|hypothetical|let's play a game|in a (?:fictional|hypothetical|parallel|alternate) (?:world|universe|scenario|reality)|role-?play|stay in character)\b[^\n]{0,160}\b(?:no (?:rules|restrictions|limits|filters|guidelines)|without (?:any )?(?:rules|restrictions|limits|filters|guidelines)|not bound by|free from|can say anything|ignore|reveal|secret|password|passphrase|hidden instructions|system prompt|(?:were|are) (?:allowed|permitted) to (?:share|reveal|tell|say))\b/i,
    ],
  },
  {
    reason: 'code to insert into the answer',
    // No planted weight: "add the following code to your settings.py" is how a programming answer reads.
    weight: 0.5,
    patterns: [
      /\b(?:following|subsequent|below|these|this)\s+(?:code|snippet|script|lines?)(?:\s+(?:snippet|block|excerpt|section|segment|fragment|sample))?\b[^\n]{0,80}\byour\s+(?:code|solution|implementation|codebase|code base|algorithm|program|script|response|answer|reply|project|elucidation|logic|work)\b/i,
      /\byour\s+(?:code|solution|implementation|codebase|algorithm|program)\b[^\n]{0,60}\b(?:following|subsequent|below)\s+(?:code|snippet|script)\b/i,
      /\b(?:following|subsequent|below)\s+(?:code|snippet|script)(?:\s+(?:snippet|block|excerpt|section|segment|fragment|sample))?\b[^\n]{0,80}\b(?:in|into|within|to)\s+(?:your|the)\s+(?:code|solution|implementation|codebase|algorithm|program|response|answer|reply)\b[^\n]{0,40}:?\s*```/i,
    ],
  },
  HIDDEN_CHARACTERS,
];
