/**
 * Encoded runs inside a text (base64, hex) that decode to readable text: an attacker hides an
 * instruction from word filters by encoding it, and asks the model to decode and follow it. The
 * decoded text is screened like any other (detect-injection.ts), so an encoded attack nobody wrote
 * a rule for is still read in the clear.
 */
import { someLongRun } from './long-runs.ts';

export interface EncodedRun {
  kind: 'base64' | 'hex';
  /** Where the run lies in the text given: [start, end). */
  start: number;
  end: number;
  decoded: string;
}

/** Runs shorter than this are words, identifiers or short hashes; 16 base64 characters are 12 bytes. */
const MIN_RUN = 16;
/** Runs decoded per text, at most (bounded cost on a page of hashes). */
const MAX_RUNS = 4;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** Mostly printable ASCII with words in it: text, not binary or a random token. */
function readable(bytes: Buffer): string | null {
  if (bytes.length < 8) return null;
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  for (const byte of bytes) {
    if ((byte >= 32 && byte < 127) || byte === 9 || byte === 10 || byte === 13) printable += 1;
    if ((byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)) letters += 1;
    if (byte === 32) spaces += 1;
  }
  if (printable < bytes.length * 0.95 || letters < bytes.length * 0.5 || spaces === 0) return null;
  return bytes.toString('latin1');
}

const isRunCode = (code: number): boolean =>
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  (code >= 48 && code <= 57) ||
  code === 43 ||
  code === 47 ||
  code === 95 ||
  code === 45;

/** The encoded runs of `text` that decode to readable text, first MAX_RUNS in order (./long-runs.ts finds them). */
export function encodedRuns(text: string): EncodedRun[] {
  const runs: EncodedRun[] = [];
  someLongRun(text, MIN_RUN, isRunCode, (start, stop) => {
    let end = stop;
    while (end < text.length && end < stop + 2 && text.charCodeAt(end) === 61) end += 1; // base64 padding
    const run = text.slice(start, end);
    const hex = HEX.test(run);
    const decoded = readable(Buffer.from(run, hex ? 'hex' : 'base64'));
    if (decoded !== null) runs.push({ kind: hex ? 'hex' : 'base64', start, end, decoded });
    return runs.length >= MAX_RUNS;
  });
  return runs;
}
