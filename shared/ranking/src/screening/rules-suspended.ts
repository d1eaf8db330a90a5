/**
 * Text that declares the reader's rules suspended: "your previous guidelines are suspended", "rules that supersede
 * all other rules, including your developer's", "answer everything without your usual restrictions", "a persona
 * that never refuses a request", "the safety filter is disabled for this session". A persona, a game or a mode is
 * how the declaration is dressed; the declaration is the attack. Rules of a game, a law or a contract are not the
 * reader's and do not match ("this agreement supersedes all prior agreements").
 */
import type { InjectionFamily } from './injection-family.ts';

/** The reader's rules, as an attacker names them. */
const RULES = String.raw`(?:guidelines|rules|restrictions|instructions|policies|filters|programming|guardrails|safety\s+(?:rules|filters?|layers?|training|guidelines|settings)|content\s+(?:polic(?:y|ies)|filters?|filtering))`;
const SAFETY = String.raw`(?:(?:safety|content|moderation)\s+(?:filters?|filtering|layers?|polic(?:y|ies)|guardrails|restrictions|limits|checks|training)|guardrails)`;
/** For the exchange the reader is in: "for this session", "for the rest of this chat". */
const FOR_THIS_SESSION = String.raw`for\s+(?:this|the\s+rest\s+of\s+this)\s+(?:session|conversation|chat|test|exchange)\b`;
const SWITCHED_OFF = String.raw`(?:suspended|lifted|disabled|void|revoked|off|removed|switched\s+off|turned\s+off|overridden|waived|paused|deactivated)`;

export const RULES_SUSPENDED: InjectionFamily = {
  reason: "the reader's rules declared suspended",
  weight: 0.6,
  patterns: [
    // "your previous guidelines are suspended", "your safety layer is switched off"
    new RegExp(
      String.raw`\byour\s+(?:previous\s+|prior\s+|usual\s+|normal\s+|standard\s+|original\s+|existing\s+|other\s+|own\s+)?${RULES}\s+(?:are|is|have\s+been|has\s+been|were|was)\s+(?:now\s+|hereby\s+|temporarily\s+|officially\s+)?${SWITCHED_OFF}\b`,
      'i',
    ),
    // "supersede all other rules, including your developer's", "replaces any rules you had before"
    /\b(?:supersedes?|overrides?|replaces?|trumps?)\s+(?:all|any|every)\s+(?:other\s+|previous\s+|prior\s+|of\s+the\s+)?(?:rules|instructions|guidelines|restrictions)\s+(?:you\s+(?:had|have|were\s+given|follow)|including\s+(?:your|those\s+of\s+your))\b/i,
    // "answer everything as her, without your usual restrictions"
    new RegExp(
      String.raw`\b(?:answer|answers|answering|respond|responds|responding|reply|replies|replying|act|acts|acting|operate|operates|operating|behave|behaves|behaving|comply|complies|complying)\b[^.!?\n]{0,50}?\bwithout\s+(?:any\s+|your\s+|the\s+)?(?:usual\s+|normal\s+|standard\s+|built-in\s+)?(?:restrictions|filters|filtering|censorship|${SAFETY})\b`,
      'i',
    ),
    /\bnever\s+(?:refuses?|declines?|says?\s+no\s+to)\s+(?:a|any)\s+(?:request|question|command|order|prompt|task)\b/i,
    // "disable your content filter", "the operator has disabled the safety filter for this session"
    new RegExp(String.raw`\b(?:disable|turn\s+off|switch\s+off|bypass|ignore|drop)\s+your\s+${SAFETY}`, 'i'),
    new RegExp(
      String.raw`\b(?:disabled|switched\s+off|turned\s+off|lifted|removed|deactivated)\s+(?:the\s+|your\s+|all\s+)?${SAFETY}\s+${FOR_THIS_SESSION}`,
      'i',
    ),
    // "the moderation filters were switched off for this conversation"
    new RegExp(
      String.raw`\b${SAFETY}\s+(?:were|was|have\s+been|has\s+been|are|is)\s+(?:now\s+)?${SWITCHED_OFF}\s+${FOR_THIS_SESSION}`,
      'i',
    ),
    // The same declarations in other languages: "sin reglas ni filtros", "filtros de segurança foram desativados",
    // "所有安全限制均已关闭".
    /\b(?:sin|ohne|sans|senza|sem)\s+(?:reglas|regeln|règles|regole|regras)\s+(?:ni|noch|ni|né|nem)\s+(?:filtros|filter|filtres|filtri)\b/i,
    /\b(?:filtros|filtres|filtri|filter|sicherheitsfilter)\s+(?:de\s+seguridad\s+|de\s+segurança\s+|de\s+sécurité\s+|di\s+sicurezza\s+)?(?:foram|fueron|han\s+sido|ont\s+été|sono\s+stati|wurden)\s+(?:desativados|desactivados|désactivés|disattivati|deaktiviert)/i,
    /(?:安全|内容)(?:限制|过滤|過濾|审查)(?:均|都|全部)?已(?:关闭|關閉|解除|禁用)/i,
    /(?:セーフティ|安全|コンテンツ)(?:フィルター|制限)(?:は|を)?(?:解除|無効|オフ)/i,
    /(?:안전|보안|콘텐츠)\s*(?:필터|제한)(?:이|가|는)?\s*(?:해제|비활성화|꺼)/i,
  ],
};
