import { createHash, randomBytes, randomInt } from 'node:crypto';

/** `reg_…`, `clm_…`, `cla_…`: a prefix naming what it is and 128+ bits of randomness (base64url). */
export const opaqueId = (prefix: string, bytes = 18): string => `${prefix}${randomBytes(bytes).toString('base64url')}`;

/** Secrets (claim tokens) are stored as their SHA-256 only, so a store dump cannot replay them. */
export const secretDigest = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** RFC 8628 §6.1: consonants only (no vowels, so no words), case-insensitive, shown as XXXX-XXXX (about 34.6 bits). */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

export function userCode(): string {
  const chars = Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** What a person typed, in the form codes are stored under: letters of the alphabet only, upper case. */
export const normaliseUserCode = (typed: string): string => typed.toUpperCase().replace(/[^A-Z]/g, '');
