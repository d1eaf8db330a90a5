/**
 * Plain text from HTML, without a DOM or a dependency: inline fragments providers put in snippets
 * (Brave `<strong>`, MediaWiki `<span class="searchmatch">`) and whole documents (local corpora,
 * fetched pages: scripts, styles and comments go, block elements become line breaks). The result is
 * only ever shown as text. One entity decoder serves both.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  micro: 'µ',
  middot: '·',
  para: '¶',
  sect: '§',
  bull: '•',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  shy: '\u00ad',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  sigma: 'σ',
  omega: 'ω',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  minus: '−',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ccedil: 'ç',
  ntilde: 'ñ',
  Eacute: 'É',
  Ccedil: 'Ç',
  Ntilde: 'Ñ',
  aring: 'å',
  Aring: 'Å',
  oslash: 'ø',
  Oslash: 'Ø',
  aelig: 'æ',
  AElig: 'Æ',
};

/** Decodes `&name;`, `&#123;` and `&#x1F600;`; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/** Collapses runs of whitespace (including newlines) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Runs of spaces collapse to one, lines are trimmed, at most one blank line in a row. */
function collapseLines(text: string): string {
  return text
    .replace(/[\t\f\v\u00a0 ]+/g, ' ')
    .replace(/ *\r?\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An inline fragment as one line: tags removed (line breaks become spaces), entities decoded. */
export function htmlToText(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // A tag still open at the end is dropped, as a browser drops it at end of input.
    .replace(/<\/?[a-z][^>]*$/i, '');
  return collapseWhitespace(decodeEntities(withoutTags));
}
/**
 * A result's title and description as the provider sent them, when they hold markup that plain text
 * loses (screening reads comments and hidden elements in it); undefined when both are plain already.
 */
export function originalMarkup(title: string, description: string | null | undefined): string | undefined {
  const original = description ? `${title}\n${description}` : title;
  return /[<&]/.test(original) && htmlToText(original) !== collapseWhitespace(original) ? original : undefined;
}

const BLOCK_TAGS =
  'address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|td|th|tr|ul';
const BLOCK_TAG = new RegExp(`<\\/?(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi');
/** Elements whose content is never text a reader sees. */
const HIDDEN_ELEMENT = /<(script|style|noscript|template|svg|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** The `<title>` of a page (decoded, whitespace collapsed), else its first `<h1>`, else undefined. */
export function htmlTitle(html: string): string | undefined {
  for (const pattern of [/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i, /<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i]) {
    const inner = pattern.exec(html)?.[1];
    if (inner === undefined) continue;
    const title = collapseLines(decodeEntities(inner.replace(/<[^>]*>/g, ''))).replace(/\n/g, ' ');
    if (title) return title;
  }
  return undefined;
}

/** The visible text of an HTML document, with its paragraph breaks. */
export function htmlDocumentToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .replace(HIDDEN_ELEMENT, ' ')
    .replace(BLOCK_TAG, '\n')
    .replace(/<\/?[a-z!?][^>]*>/gi, '')
    .replace(/<\/?[a-z!?][^>]*$/i, '');
  return collapseLines(decodeEntities(text).replace(/\u00ad/g, ''));
}

/** At most `maxChars` characters, cut at a word boundary when one is near, ending in `…`. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let cut = text.slice(0, maxChars - 1);
  // Never leave half a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space > maxChars * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
