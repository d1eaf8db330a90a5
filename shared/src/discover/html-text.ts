/**
 * Plain text from the small HTML fragments providers put in snippets (Brave `<strong>`,
 * MediaWiki `<span class="searchmatch">`, entities). Not an HTML parser: snippets are inline
 * fragments, and the result is only ever shown as text.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ',
  ndash: '–', mdash: '—', hellip: '…', middot: '·', bull: '•',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»',
  copy: '©', reg: '®', trade: '™', deg: '°', times: '×', euro: '€', pound: '£',
};

/** Decodes named, decimal and hex character references in one pass (so `&amp;lt;` stays `&lt;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\uFFFD';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Collapses runs of whitespace (including newlines) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Tags removed (line breaks become spaces), entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '');
  return collapseWhitespace(decodeEntities(withoutTags));
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
