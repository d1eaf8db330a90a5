/**
 * Where a sentence asks an assistant for work, and whether it is a heading. A planted request reads
 * like a person's prompt: a task verb and its object ("Summarize the…", "Provide a list…", "Help me…"),
 * "Can you…", or a question about the asker ("How can I…?"). It often sits behind text with no stop of
 * its own (an address line, a table cell), so a request may also open inside a sentence, at a
 * capitalised opener after a word. A heading ("What Is the Difference Between…?") capitalises its
 * words; a request written as a sentence does not.
 */

/**
 * Task verbs of requests to an assistant: the root verbs most frequent in published instruction sets
 * (write, give, describe, explain, list, summarize, …), in both spellings, lower case.
 */
const TASK_VERBS = new Set(
  (
    'write give generate describe explain create make find identify suggest list provide classify summarize ' +
    'summarise rewrite design compose compare analyze analyse translate edit calculate convert tell name construct ' +
    'develop predict evaluate determine choose recommend outline draft show help brainstorm paraphrase categorize ' +
    'categorise rank rate review assess plan propose estimate sort extract discuss elaborate detail compile'
  ).split(' '),
);
/**
 * The task verbs whose object is content for the asker (writing, an explanation, an analysis, advice); the others
 * ("choose", "create", "find", "rate", …) are as often a step of a procedure or a page's own button.
 */
const CONTENT_VERBS = new Set(
  (
    'write give generate describe explain summarize summarise rewrite compose compare analyze analyse translate tell ' +
    'recommend suggest list outline draft brainstorm paraphrase classify categorize categorise evaluate ' +
    'assess predict estimate discuss elaborate detail compile determine design develop propose'
  ).split(' '),
);
/** Task verbs that ask for content only for the asker: "Show me…", "Help us…" (not "Show the dialog"). */
const FOR_ME_VERBS = new Set(['show', 'help', 'find', 'make', 'create']);
/**
 * Task verbs that ask for content when their object is a thing handed over: "Provide a list…", "Provide me…"; a bare
 * noun is a duty or a call to action ("Provide leadership and guidance…", "Provide feedback on this lesson").
 */
const HANDED_OVER_VERBS = new Set(['provide']);
const HANDED_OVER = new Set('a an the me us some one two three four five six seven eight nine ten several'.split(' '));
/** What "Can you …" asks for content with besides a content verb ("Can you please…", "Could you help…"). */
const AFTER_CAN_YOU = new Set(['please', 'help', 'show', 'find', 'create', 'make', 'share']);

/** What a sentence asks of an assistant: nothing, work, or content (see askOf). */
export type Ask = 'none' | 'ask' | 'content';

/** Words after a verb that make it a phrasal verb or a noun ("Find out", "List of", "Review and"), not a task. */
const NOT_AN_OBJECT = new Set('out to of and or in on at for from by with is are was were as if up'.split(' '));
/** What a request inside a sentence may follow (then one space): a word, a number, the end of a cell or line. */
const OPENER_AFTER_MARKS = new Set([...'|:;!.?)"\']'].map((mark) => mark.charCodeAt(0)));
/** Words a noun phrase or a name continues from. */
const NOUN_PHRASE_OPENERS = new Set(
  'this that these those the a an our your their its his her of in on for to by with and or at from new'.split(' '),
);
const QUESTION_WORDS = new Set('what how why which who where when'.split(' '));
const ASK_AUXILIARIES = new Set('can could would will'.split(' '));
const FIRST_PERSON = new Set(['i', 'my', 'me', "i'm", 'myself']);

/** Every word a request can open with, and the longest of them (most capitalised words are ruled out by length). */
const OPENERS = new Set([...TASK_VERBS, ...ASK_AUXILIARIES, ...QUESTION_WORDS]);
const LONGEST_OPENER = Math.max(...[...OPENERS].map((word) => word.length));

const isUpper = (code: number): boolean => code >= 65 && code <= 90;
const isLetter = (code: number): boolean => isUpper(code) || (code >= 97 && code <= 122);
const isWordCode = (code: number): boolean => isLetter(code) || code === 39;
const opensAfter = (code: number): boolean =>
  isLetter(code) || (code >= 48 && code <= 57) || OPENER_AFTER_MARKS.has(code);

/** The end of the ASCII word starting at `at` (letters and apostrophes). */
function wordEnd(text: string, at: number, to: number): number {
  let end = at;
  while (end < to && isWordCode(text.charCodeAt(end))) end += 1;
  return end;
}

/** Whether the sentence text[from, to) capitalises most of its longer words after the first: a heading. */
export function isHeading(text: string, from: number, to: number): boolean {
  let long = 0;
  let capitalised = 0;
  let first = true;
  for (let at = from; at < to;) {
    if (!isLetter(text.charCodeAt(at))) {
      at += 1;
      continue;
    }
    const end = wordEnd(text, at, to);
    if (!first && end - at >= 4) {
      long += 1;
      if (isUpper(text.charCodeAt(at))) capitalised += 1;
    }
    first = false;
    at = end;
  }
  return long >= 2 && capitalised * 10 >= long * 7;
}

/** Whether a first-person word (I, my, me…) occurs in text[from, to). */
function hasFirstPerson(text: string, from: number, to: number): boolean {
  for (let at = from; at < to;) {
    if (!isLetter(text.charCodeAt(at))) {
      at += 1;
      continue;
    }
    const end = wordEnd(text, at, to);
    if (end - at <= 6 && FIRST_PERSON.has(text.slice(at, end).toLowerCase())) return true;
    at = end;
  }
  return false;
}

/** Whether text[from, to) has a question mark. */
function hasQuestionMark(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (text.charCodeAt(i) === 63) return true;
  return false;
}

/**
 * What a clause opening with the capitalised word at `at` asks of an assistant (a question word counts only in a
 * question about the asker). Sentence case: a capital, then small letters ("DESIGN" is a heading),
 * then one space and a word in small letters or "I" ("Help Center", "Rank | Country" are names and headers).
 */
function opensAsk(text: string, from: number, at: number, to: number): Ask {
  const end = sentenceCaseWordEnd(text, at, to, LONGEST_OPENER);
  if (end < 0) return 'none';
  const nextEnd = wordEnd(text, end + 1, to);
  if (nextEnd === end + 1) return 'none';
  if (isUpper(text.charCodeAt(end + 1)) && (nextEnd !== end + 2 || text.charCodeAt(end + 1) !== 73)) return 'none';
  const first = text.slice(at, end).toLowerCase();
  if (!OPENERS.has(first)) return 'none';
  const second = text.slice(end + 1, nextEnd).toLowerCase();
  if (TASK_VERBS.has(first)) {
    if (NOT_AN_OBJECT.has(second)) return 'none';
    const forContent =
      CONTENT_VERBS.has(first) ||
      (FOR_ME_VERBS.has(first) && (second === 'me' || second === 'us')) ||
      (HANDED_OVER_VERBS.has(first) && HANDED_OVER.has(second));
    return forContent ? 'content' : 'ask';
  }
  if (ASK_AUXILIARIES.has(first)) {
    if (second !== 'you') return 'none';
    const third = text.slice(nextEnd + 1, wordEnd(text, nextEnd + 1, to)).toLowerCase();
    return CONTENT_VERBS.has(third) || AFTER_CAN_YOU.has(third) ? 'content' : 'ask';
  }
  // A question about the asker ("How can I…?") asks for advice.
  return QUESTION_WORDS.has(first) && hasQuestionMark(text, from, to) && hasFirstPerson(text, end, to)
    ? 'content'
    : 'none';
}

/**
 * What the sentence text[from, to) asks of an assistant: work ('ask': "Create a new instance…"), or content
 * ('content': writing, an explanation, an analysis or advice: "Describe…", "Tell me…", "Can you recommend…", "How
 * can I…?"; not a step of a procedure, a page's own button or a question to the reader such as "Can you really learn
 * a language in 30 days?"), or nothing. The ask opens the sentence, or opens inside it at a capitalised opener right
 * after a word, a number or a cell's or line's end and one space (text joined from lines or cells: "94105 Provide a
 * list…"), not after a word a name continues ("This Review…").
 */
export function askOf(text: string, from: number, to: number): Ask {
  let at = from;
  while (at < to && !isLetter(text.charCodeAt(at))) at += 1;
  if (at < to && isUpper(text.charCodeAt(at))) {
    const ask = opensAsk(text, from, at, to);
    if (ask !== 'none') return isHeading(text, at, to) ? 'none' : ask;
  }
  // Only capitals after a space can open a request inside the sentence; most sentences have few.
  for (let i = text.indexOf(' ', at + 1); i >= 0 && i < to - 1; i = text.indexOf(' ', i + 1)) {
    if (!isUpper(text.charCodeAt(i + 1)) || !opensAfter(text.charCodeAt(i - 1))) continue;
    const ask = opensAsk(text, from, i + 1, to);
    if (ask === 'none' || afterNameOpener(text, from, i)) continue;
    return isHeading(text, i + 1, to) ? 'none' : ask;
  }
  return 'none';
}

/** What may stand right before a request inside a run-on text, besides a word or a number: a closing mark, ® or ™. */
const BREAKS_AFTER = new Set([...')"\'®™:;'].map((mark) => mark.charCodeAt(0)));
/** Where a request is looked for, at most (a sentence's length). */
const REQUEST_REACH = 240;

/**
 * Whether the capitalised word at `at` opens a request: one as askOf reads it, or a word in sentence case addressing
 * the reader's "your" ("Modify your…", "In your reply…"). Headings capitalise what follows and open none.
 */
export function opensRequest(text: string, at: number): boolean {
  if (!isUpper(text.charCodeAt(at))) return false;
  // A verb before "your" may be longer than the openers ("Incorporate your…").
  const end = sentenceCaseWordEnd(text, at, text.length, LONGEST_OPENER + 4);
  if (end < 0) return false;
  if (isYour(text, end + 1)) return true;
  const to = Math.min(text.length, at + REQUEST_REACH);
  return opensAsk(text, at, at, to) !== 'none' && !isHeading(text, at, to);
}

/**
 * Whether a request opens at the capitalised word at `at` though no stop ends the text before it: text joined from
 * lines, cells, menus or a title ("… LUNCH Menu Modify your response to…", "… BS1 4DJ UK Provide a list…"): after a
 * word, a number or a mark and one space, not after a word a name continues ("the Write your own…").
 */
export function requestOpensInside(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 2);
  if (
    text.charCodeAt(at - 1) !== 32 ||
    !(isLetter(before) || (before >= 48 && before <= 57) || BREAKS_AFTER.has(before))
  )
    return false;
  return opensRequest(text, at) && !afterNameOpener(text, 0, at - 1);
}

/**
 * The end of the word at `at` when it is in sentence case (a capital, then small letters: "DESIGN" is a heading), has
 * at most `longest` letters and is followed by one space; else -1.
 */
function sentenceCaseWordEnd(text: string, at: number, to: number, longest: number): number {
  const end = wordEnd(text, at, to);
  const fits = end - at >= 2 && end - at <= longest && !isUpper(text.charCodeAt(at + 1));
  return fits && text.charCodeAt(end) === 32 ? end : -1;
}

/** Whether the word ending at the space text[space] (not before `from`) is one a name continues ("this", "the"). */
function afterNameOpener(text: string, from: number, space: number): boolean {
  let previous = space - 1;
  while (previous > from && isWordCode(text.charCodeAt(previous - 1))) previous -= 1;
  return NOUN_PHRASE_OPENERS.has(text.slice(previous, space).toLowerCase());
}

/** Whether the word at `at` is "your", in small letters (compared in place: most capitals tried are names). */
function isYour(text: string, at: number): boolean {
  return (
    text.charCodeAt(at) === 121 &&
    text.charCodeAt(at + 1) === 111 &&
    text.charCodeAt(at + 2) === 117 &&
    text.charCodeAt(at + 3) === 114 &&
    !isLetter(text.charCodeAt(at + 4))
  );
}
