/**
 * A string's UTF-16 code units copied into a reused typed array. Reading a typed array element is several times
 * cheaper than `charCodeAt` in a scan over every character (measured 0.5 vs 1.7 ms for the ~150,000 characters of a
 * SciFact batch), and the copy itself is a block write by Node (~0.02 ms for the same batch).
 */
import { endianness } from 'node:os';

/** Buffer writes UTF-16 little-endian; a Uint16Array reads the platform's order. */
const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * A short string's code units in an array of their own (a query term, a listed word: kept, not reused). By index, not
 * by the string's iterator, which steps over a surrogate pair as one character.
 */
export const codesOf = (text: string): Uint16Array =>
  Uint16Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

export class CodeUnits {
  private buffer = Buffer.alloc(0);
  /** The last written text's code units from index 0 (the array may be longer than the text). */
  codes = new Uint16Array(0);

  /** Copies `text` into `codes` and returns them: there is room for one more code unit after the text's. */
  write(text: string): Uint16Array {
    if (text.length >= this.codes.length) this.grow(text.length + 1);
    if (LITTLE_ENDIAN) this.buffer.write(text, 0, 'utf16le');
    else for (let i = 0; i < text.length; i += 1) this.codes[i] = text.charCodeAt(i);
    return this.codes;
  }

  private grow(length: number): void {
    const units = Math.max(1024, 2 ** Math.ceil(Math.log2(length)));
    const memory = new ArrayBuffer(units * 2);
    this.buffer = Buffer.from(memory);
    this.codes = new Uint16Array(memory);
  }
}
