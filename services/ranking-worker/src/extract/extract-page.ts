import { Readability } from '@mozilla/readability';

import { blockText } from './block-text.ts';
import { parseDocument } from './dom.ts';
import type { HiddenKind, HiddenText } from './hidden-text.ts';
import { stripInvisibleCharacters, takeHiddenText } from './hidden-text.ts';
import { publishedDateOf, toIsoDate } from './published-date.ts';

export interface ExtractedPage {
  title: string | null;
  publishedAt: string | null;
  /** The readable main text, one line per block. Empty when the page has none. */
  text: string;
  /** Everything the page hid from its readers, for the injection detector. */
  hidden: HiddenText;
}

/** Beyond this, a page is not read (the fetch caps are larger; parsing time grows with size). */
const MAX_HTML_CHARS = 3_000_000;
/** Below this many characters Readability's pick is not trusted over the whole body. */
const MIN_ARTICLE_CHARS = 200;

const mergeHidden = (...parts: HiddenText[]): HiddenText => ({
  text: parts
    .map((part) => part.text)
    .filter(Boolean)
    .join('\n'),
  kinds: [...new Set(parts.flatMap((part) => part.kinds))] as HiddenKind[],
  fragments: parts.flatMap((part) => part.fragments),
});

const oneLine = (text: string | null | undefined): string | null => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line || null;
};

/**
 * Readable text of an HTML or XHTML page: hidden content is taken out first (and kept apart), then
 * Readability picks the main content (navigation, footers and boilerplate go). A page Readability
 * cannot make sense of falls back to its whole visible body.
 */
export function extractHtml(html: string): ExtractedPage {
  const document = parseDocument(html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html);
  const metaDate = publishedDateOf(document);
  const fallbackTitle =
    oneLine(document.querySelector('meta[property="og:title"]')?.getAttribute('content')) ??
    oneLine(document.title) ??
    oneLine(document.querySelector('h1')?.textContent);
  const hiddenInMarkup = takeHiddenText(document);
  const bodyText = document.body ? blockText(document.body) : '';

  // Readability rewrites the document it is given; nothing above reads it afterwards.
  const article = new Readability(document as never, { charThreshold: MIN_ARTICLE_CHARS }).parse();
  const articleBody = article?.content ? parseDocument(article.content).body : null;
  const articleText = articleBody ? blockText(articleBody) : '';
  const readable =
    articleText.length >= MIN_ARTICLE_CHARS || articleText.length >= bodyText.length * 0.5 ? articleText : bodyText;
  const { text, hidden: invisible } = stripInvisibleCharacters(readable);
  return {
    title: oneLine(article?.title) ?? fallbackTitle,
    publishedAt: toIsoDate(article?.publishedTime) ?? metaDate,
    text,
    hidden: mergeHidden(hiddenInMarkup, invisible),
  };
}

/** A plain-text page: its text is the content; only invisible characters can hide anything. */
export function extractPlainText(body: string): ExtractedPage {
  const { text, hidden } = stripInvisibleCharacters(
    body
      .slice(0, MAX_HTML_CHARS)
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  );
  const firstLine = oneLine(text.split('\n', 1)[0]);
  return { title: firstLine && firstLine.length <= 200 ? firstLine : null, publishedAt: null, text, hidden };
}
