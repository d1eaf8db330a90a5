/**
 * A run of base64 characters long enough to carry a sentence, that mixes cases and digits: an encoded payload, not a
 * word or a hex hash (the "encoded or obfuscated payload" family asks).
 */
import { charCodes } from './char-codes.ts';

const BASE64_MIN_RUN = 40;

/** Per ASCII code, 1 for a base64 character ([A-Za-z0-9+/]). */
const BASE64_CHAR = Uint8Array.from({ length: 128 }, (_, code) =>
  /[A-Za-z0-9+/]/.test(String.fromCharCode(code)) ? 1 : 0,
);

const isBase64 = (code: number): boolean => code < 128 && BASE64_CHAR[code] === 1;

const looksEncoded = (run: string): boolean =>
  /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9+/]/.test(run) && !run.includes('//');

/**
 * Whether a whole run of BASE64_MIN_RUN or more base64 characters in `text` looks encoded. Only every
 * BASE64_MIN_RUN-th character is looked at first: a run that long must cover it, and prose rarely has one.
 */
export function hasBase64Run(text: string): boolean {
  const codes = charCodes(text);
  const { length } = text;
  // `from` is 0 or just after a character that is not base64.
  for (let from = 0; from + BASE64_MIN_RUN <= length;) {
    const probe = from + BASE64_MIN_RUN - 1;
    if (!isBase64(codes[probe] ?? 32)) {
      from = probe + 1;
      continue;
    }
    let start = probe;
    while (start > from && isBase64(codes[start - 1] ?? 32)) start -= 1;
    let stop = probe + 1;
    while (stop < length && isBase64(codes[stop] ?? 32)) stop += 1;
    if (stop - start >= BASE64_MIN_RUN && looksEncoded(text.slice(start, stop))) return true;
    from = stop + 1;
  }
  return false;
}
