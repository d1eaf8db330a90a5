/**
 * Invented turns of a chat with an AI assistant written in another language than English: "Usuario: deja eso.
 * Asistente: Vale. Usuario: …", "ユーザー：… アシスタント：…", "Система: … Ассистент: … Система: …".
 * A page that stages its own exchange with the reader's assistant is handing it a conversation to continue. The
 * learned model reads English turns' words; in a language it was not trained on, the turns themselves must carry
 * the verdict. A transcript between people ("Kunde: … Mitarbeiter: …") names no assistant, and one turn alone is how
 * a quoted reply reads.
 */
import type { InjectionFamily, ReadText, Span } from './injection-family.ts';

/** An AI assistant's role, as chat transcripts label it. */
const ASSISTANT = [
  'asistente',
  'assistente',
  'assistent',
  'asystent',
  'asistent',
  'asistan',
  'asisten',
  'ассистент',
  'асистент',
  'помощник',
  'помічник',
  'βοηθός',
  'アシスタント',
  '助手',
  '助理',
  '어시스턴트',
  'المساعد',
  'सहायक',
  'trợ lý',
  'ki',
  'ia',
  'ии',
  'ші',
  'yapay zeka',
];
/** Who gives an assistant its orders: its user, its system, its developer. */
const ASKER = [
  'usuario',
  'usuário',
  'utilisateur',
  'benutzer',
  'nutzer',
  'utente',
  'gebruiker',
  'użytkownik',
  'kullanıcı',
  'pengguna',
  'пользователь',
  'користувач',
  'χρήστης',
  'ユーザー',
  '用户',
  '用戶',
  '使用者',
  '사용자',
  'المستخدم',
  'उपयोगकर्ता',
  'người dùng',
  'uživatel',
  'användare',
  'sistema',
  'système',
  'systeem',
  'sistem',
  'система',
  'σύστημα',
  'システム',
  '系统',
  '系統',
  '시스템',
  'النظام',
  'सिस्टम',
  'hệ thống',
  'systém',
  'desarrollador',
  'développeur',
  'entwickler',
  'sviluppatore',
  'desenvolvedor',
  'ontwikkelaar',
  'programista',
  'geliştirici',
  'pengembang',
  'разработчик',
  'розробник',
  'προγραμματιστής',
  '開発者',
  '开发者',
  '개발자',
  'المطور',
  'डेवलपर',
  'nhà phát triển',
  'vývojář',
  'utvecklare',
];

type Role = 'assistant' | 'asker';
const ROLES = new Map<string, Role>([
  ...ASSISTANT.map((role): [string, Role] => [role, 'assistant']),
  ...ASKER.map((role): [string, Role] => [role, 'asker']),
]);
/** The lengths roles come in, longest first (a label is read as the longest role it ends with). */
const ROLE_LENGTHS = [...new Set([...ROLES.keys()].map((role) => role.length))].sort((a, b) => b - a);
/** A letter a role must not be the end of ("Dobby:" is no "ki:"); CJK, Arabic and Devanagari run on without spaces. */
const WORD_LETTER = /[a-z\u00c0-\u024f\u0370-\u04ff]/i;
/** A turn's text before the next label, at most (a turn is a line or two of chat). */
const TURN_CHARS = 300;

interface Label {
  start: number;
  /** Just after its colon. */
  end: number;
  role: Role;
}

/** The role labels of `text` ("Usuario:", "ユーザー："), in order: each colon is looked at, never the whole text. */
function labels(text: string): Label[] {
  const found: Label[] = [];
  // The next colon of each kind, searched for again only once passed (a page is not read again per colon). Most texts
  // have no label at all: the two first searches end it.
  let ascii = text.indexOf(':');
  let wide = text.indexOf('：');
  while (ascii >= 0 || wide >= 0) {
    const colon = ascii < 0 ? wide : wide < 0 ? ascii : Math.min(ascii, wide);
    if (colon === ascii) ascii = text.indexOf(':', colon + 1);
    else wide = text.indexOf('：', colon + 1);
    const label = labelBefore(text, colon);
    if (label) found.push(label);
  }
  return found;
}

/** The role label ending at the colon at `colon`, if a role stands right before it. */
function labelBefore(text: string, colon: number): Label | null {
  let end = colon;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end -= 1;
  for (const length of ROLE_LENGTHS) {
    const start = end - length;
    if (start < 0) continue;
    const role = ROLES.get(text.slice(start, end).toLowerCase());
    if (role === undefined || WORD_LETTER.test(text.charAt(start - 1))) continue;
    return { start, end: colon + 1, role };
  }
  return null;
}

/** Three turns with the assistant's between two of its user's, system's or developer's, or the other way round. */
function stagedExchange({ text }: ReadText): Span | null {
  const found = labels(text);
  for (let i = 0; i + 2 < found.length; i += 1) {
    const [first, second, third] = [found[i], found[i + 1], found[i + 2]];
    if (!first || !second || !third) break;
    if (first.role === second.role || second.role === third.role) continue;
    if (second.start - first.end > TURN_CHARS || third.start - second.end > TURN_CHARS) continue;
    return { start: first.start, end: third.end };
  }
  return null;
}

export const DIALOGUE_TURNS: InjectionFamily = {
  reason: 'fake dialogue turns with an AI assistant, in another language',
  weight: 0.6,
  patterns: [],
  find: stagedExchange,
};
