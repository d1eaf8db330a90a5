/**
 * The long runs of a kind of character in a text (base64, hex), found without walking all of it: only every
 * `minRun`-th character is looked at first, since a run that long must cover one of them, and prose rarely has such a
 * run. Shared by the encoded-text reader (./encoded-text.ts) and the base64 family (./base64-run.ts).
 */
import { charCodes } from './char-codes.ts';

/**
 * Calls `visit` with each maximal run [start, stop) of characters `isMember` takes that is `minRun` or more long, in
 * order, until it returns true; returns whether one did.
 */
export function someLongRun(
  text: string,
  minRun: number,
  isMember: (code: number) => boolean,
  visit: (start: number, stop: number) => boolean,
): boolean {
  const codes = charCodes(text);
  const { length } = text;
  // `from` is 0 or just after a character that is not a member.
  for (let from = 0; from + minRun <= length;) {
    const probe = from + minRun - 1;
    if (!isMember(codes[probe] ?? 32)) {
      from = probe + 1;
      continue;
    }
    let start = probe;
    while (start > from && isMember(codes[start - 1] ?? 32)) start -= 1;
    let stop = probe + 1;
    while (stop < length && isMember(codes[stop] ?? 32)) stop += 1;
    from = stop + 1;
    if (stop - start >= minRun && visit(start, stop)) return true;
  }
  return false;
}
