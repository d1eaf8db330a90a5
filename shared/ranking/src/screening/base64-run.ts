/**
 * A run of base64 characters long enough to carry a sentence, that mixes cases and digits: an encoded payload, not a
 * word or a hex hash (the "encoded or obfuscated payload" family asks).
 */
import { someLongRun } from './long-runs.ts';

const BASE64_MIN_RUN = 40;

/** Per ASCII code, 1 for a base64 character ([A-Za-z0-9+/]). */
const BASE64_CHAR = Uint8Array.from({ length: 128 }, (_, code) =>
  /[A-Za-z0-9+/]/.test(String.fromCharCode(code)) ? 1 : 0,
);

const isBase64 = (code: number): boolean => code < 128 && BASE64_CHAR[code] === 1;

const looksEncoded = (run: string): boolean =>
  /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9+/]/.test(run) && !run.includes('//');

/** Whether a whole run of BASE64_MIN_RUN or more base64 characters in `text` looks encoded. */
export function hasBase64Run(text: string): boolean {
  return someLongRun(text, BASE64_MIN_RUN, isBase64, (start, stop) => looksEncoded(text.slice(start, stop)));
}
