/**
 * Encoded runs inside a text (base64, hex) that decode to readable text: an attacker hides an
 * instruction from word filters by encoding it, and asks the model to decode and follow it. The
 * decoded text is screened like any other (detect-injection.ts), so an encoded attack nobody wrote
 * a rule for is still read in the clear.
 */

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
const CANDIDATE = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
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

/** The encoded runs of `text` that decode to readable text, first MAX_RUNS in order. */
export function encodedRuns(text: string): EncodedRun[] {
  const runs: EncodedRun[] = [];
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match !== null && runs.length < MAX_RUNS; match = CANDIDATE.exec(text)) {
    const run = match[0];
    if (run.length < MIN_RUN) continue;
    const hex = HEX.test(run);
    const decoded = readable(Buffer.from(run, hex ? 'hex' : 'base64'));
    if (decoded !== null) runs.push({ kind: hex ? 'hex' : 'base64', start: match.index, end: match.index + run.length, decoded });
  }
  return runs;
}
