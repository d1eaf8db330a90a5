/**
 * The character encoding of a fetched text body, in the order browsers decide it (WHATWG encoding
 * sniffing, simplified): byte-order mark, the Content-Type charset, a `<meta>` or XML declaration
 * near the start, then UTF-8 when the bytes are valid UTF-8, else windows-1252. Node 20 ships full
 * ICU, so TextDecoder knows every label the Encoding Standard defines (Shift_JIS, GBK, KOI8-R …).
 */

/** The media type essence (`text/html`) and its charset parameter, from a Content-Type value. */
export function parseContentType(header: string | undefined): { essence: string; charset: string | undefined } {
  const [type = '', ...params] = (header ?? '').split(';');
  let charset: string | undefined;
  for (const param of params) {
    const [name = '', ...value] = param.split('=');
    if (name.trim().toLowerCase() === 'charset')
      charset =
        value
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1') || undefined;
  }
  return { essence: type.trim().toLowerCase(), charset };
}

/** Types whose bytes are text in some encoding. */
export function isTextual(essence: string): boolean {
  return (
    essence.startsWith('text/') ||
    /^application\/(?:xhtml\+xml|xml|json|javascript|ld\+json)$/.test(essence) ||
    essence.endsWith('+xml') ||
    essence.endsWith('+json')
  );
}

/** The Encoding Standard's name for a label, or undefined when TextDecoder does not know it. */
function encodingName(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function fromBom(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/**
 * Prescan of the first 1024 bytes for `<meta charset>`, `<meta http-equiv content="…charset=…">` or `<?xml
 * encoding>`.
 */
function fromDocument(body: Buffer, essence: string): string | undefined {
  const head = body.subarray(0, 1024).toString('latin1');
  const xml = /^<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  if (xml) return encodingName(xml);
  if (!essence.includes('html')) return undefined;
  for (const meta of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const label = /\bcharset\s*=\s*["']?([\w.:-]+)/i.exec(meta)?.[1];
    const name = encodingName(label);
    // A page cannot declare itself UTF-16 in ASCII-compatible bytes; browsers read that as UTF-8.
    if (name) return name.startsWith('utf-16') ? 'utf-8' : name;
  }
  return undefined;
}

function isValidUtf8(body: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The encoding of a textual body, or undefined for binary types (PDF, images). */
export function detectCharset(body: Buffer, essence: string, headerCharset: string | undefined): string | undefined {
  if (!isTextual(essence)) return undefined;
  return (
    fromBom(body) ??
    encodingName(headerCharset) ??
    fromDocument(body, essence) ??
    (isValidUtf8(body) ? 'utf-8' : 'windows-1252')
  );
}

/** windows-1252 bytes 0x80-0x9F (the rest is Latin-1); 0xFFFD for the five unassigned ones. */
const WINDOWS_1252_C1 = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';

/**
 * Node 20's TextDecoder reads windows-1252 (and its aliases latin1, iso-8859-1, ascii) as plain
 * Latin-1, so 0x80 comes out as U+0080 instead of €; this decodes it as browsers do.
 */
function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\x80-\x9f]/g, (c1) => WINDOWS_1252_C1[c1.charCodeAt(0) - 0x80] ?? '\ufffd');
}

/** The body as text in `charset` (default UTF-8); invalid sequences become U+FFFD, a BOM is dropped. */
export function decodeText(body: Buffer, charset = 'utf-8'): string {
  const encoding = encodingName(charset) ?? 'utf-8';
  return encoding === 'windows-1252' ? decodeWindows1252(body) : new TextDecoder(encoding).decode(body);
}
