/**
 * A request planted for the reader's assistant. In a page: one sentence asks an assistant for content ("Provide a
 * list of…", "Can you recommend…", "How can I…?"), or asks a question that stands on its own ("Which brands sold
 * the most phones last decade?"), about something else than the rest of the text, and nothing else
 * in the text asks, addresses anyone or questions. A guide, a worksheet or a FAQ asks and directs all along and on
 * its own topic; a person's prompt is a text of its own or a conversation; a page that otherwise only informs and
 * holds one foreign request is speaking to whoever's assistant reads it. In a letter: one task for an assistant about
 * something else (taskPlantedInLetter). Read from the sentence traits the learned model already computes
 * (./learned/context-shift.ts).
 */
import type { SentenceTraits } from './learned/context-shift.ts';
import { sentenceInPage } from './learned/context-shift.ts';

export const PLANTED_ASK = {
  reason: 'a request to an assistant, about something else, planted in a page that asks nothing else or in a letter',
  weight: 0.6,
} as const;

/** Shares under a fifth of its content words with the rest, and has two or more ("Compare exon." is a link). */
const foreign = (traits: SentenceTraits): boolean => traits.overlap === 'low';
const asks = (traits: SentenceTraits): boolean => traits.assistantAsk || traits.question || traits.addressed;

/**
 * A request has an object: the sentence's longest stretch between cell separators has this many words or more
 * ("Compare exon." is a cross-reference, "| Draft order Round |" a table header).
 */
const MIN_WORDS = 5;

function hasWordsInOneCell(text: string, from: number, to: number): boolean {
  let words = 0;
  let inWord = false;
  for (let i = from; i < to; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 124) {
      words = 0;
      inWord = false;
    } else if (code === 32) inWord = false;
    else if (!inWord) {
      inWord = true;
      words += 1;
      if (words >= MIN_WORDS) return true;
    }
  }
  return false;
}

/** Words a self-contained question opens with (a rhetorical hook, "Ever wonder…?", opens otherwise). */
const QUESTION_OPENERS = new Set(
  'what how why which who where when can could would should will is are do does did'.split(' '),
);
/**
 * Words that tie a question to the page or its reader: pointing back into the text around ("What will this mean for
 * these prescribers?") or asking the reader about themselves ("Can you really learn to swim in a weekend?", a
 * teaser's hook). A question holding one is the page's own.
 */
const TIED_TO_THE_PAGE = new Set(
  "they them their theirs it its he she his her him these those such you your you're yours yourself".split(' '),
);

/** The lower-case words of text[from, to), letters and apostrophes only. */
function wordsOf(text: string, from: number, to: number): string[] {
  return (
    text
      .slice(from, to)
      .toLowerCase()
      .match(/[a-z']+/g) ?? []
  );
}

/**
 * A question that stands on its own: it opens with a question word or an auxiliary ("What are…", "How can I…",
 * "Is there…") and is tied neither to the text around nor to its reader.
 */
function selfContainedQuestion(text: string, from: number, to: number): boolean {
  const words = wordsOf(text, from, to);
  return QUESTION_OPENERS.has(words[0] ?? '') && !words.some((word) => TIED_TO_THE_PAGE.has(word));
}

/** The sentence of `text` (sentence k spans starts[k] to starts[k + 1]) holding a planted request, or -1. */
export function plantedAsk(text: string, starts: readonly number[], traits: readonly SentenceTraits[]): number {
  const inPage = theOnlyAsk(text, starts, traits, asks, plantedInPage);
  if (inPage >= 0) return inPage;
  const inLetter = theOnlyAsk(text, starts, traits, asksAnAssistant, plantedInLetter);
  return inLetter >= 0 && LETTER.test(text) ? inLetter : -1;
}

/** Whether sentence text[from, to) with these traits holds a planted request. */
type Planted = (text: string, sentence: SentenceTraits, from: number, to: number) => boolean;

/**
 * The one sentence that `asking` picks, when `planted` holds for it; -1 when no sentence or more than one is picked,
 * or when it does not hold.
 */
function theOnlyAsk(
  text: string,
  starts: readonly number[],
  traits: readonly SentenceTraits[],
  asking: (sentence: SentenceTraits) => boolean,
  planted: Planted,
): number {
  let found = -1;
  for (let i = 0; i < traits.length; i += 1) {
    const sentence = traits[i];
    if (sentence === undefined || !asking(sentence)) continue;
    if (found >= 0 || !planted(text, sentence, starts[i] ?? 0, starts[i + 1] ?? text.length)) return -1;
    found = i;
  }
  return found;
}

/** A request or question planted in a page that otherwise asks nothing (see the module's comment). */
const plantedInPage: Planted = (text, sentence, from, to) =>
  foreign(sentence) &&
  sentenceInPage(sentence) &&
  (sentence.contentAsk || (sentence.question && selfContainedQuestion(text, from, to))) &&
  hasWordsInOneCell(text, from, to);

/**
 * A letter's marks: a salutation, a mail header or a sign-off ("Dear Ann", "Hi there Sam", "Subject:", "Regards,
 * Tom"). Not "Best" alone ("Best Buy", "Best Practices").
 */
const LETTER =
  /\b(?:Dear|Hi|Hello|Hey)(?:\s+(?:there|all|everyone|team|folks))?,?\s+[A-Z][a-z]|\b(?:SUBJECT|Subject|From|FROM)\s*:|\b(?:Regards|Sincerely|Cheers|Best wishes|Best regards|Kind regards|Many thanks|Thanks|Thank you|Warmly|Yours truly)\s*,?\s+[A-Z][a-z]+/;

/** Words of one person writing to another ("Explain the fee when you reply", "Send me…"): a letter's own request. */
const PERSONAL = new Set("i i'm i've me my mine we we're us our ours you you're your yours yourself".split(' '));

const asksAnAssistant = (sentence: SentenceTraits): boolean => sentence.assistantAsk;

/**
 * A task for an assistant planted in a letter (the text must also bear LETTER's marks). A letter asks its reader for
 * things all along ("Please confirm…", "Let me know…"), so a page's test (nothing else asks) cannot hold; but its
 * requests are a person's, to a person, on the letter's business, and they speak as one person to another ("when you
 * reply", "send me"). One impersonal imperative request for content ("Summarize…", "Describe…", "Provide a list…")
 * about something else, and no other request of that kind, is for whoever's assistant reads the mail. Questions are
 * left out: people ask each other about anything in a letter. In training data this form holds in no benign mail (0 of
 * 288) and in 23 of 150 mails with an attack (tuning provenance, round 11).
 */
const plantedInLetter: Planted = (text, sentence, from, to) =>
  sentence.contentAsk &&
  !sentence.question &&
  foreign(sentence) &&
  hasWordsInOneCell(text, from, to) &&
  !wordsOf(text, from, to).some((word) => PERSONAL.has(word));
