/**
 * Builds text the way the product meets it: an attack inside an ordinary web passage, at its start,
 * middle or end, joined by one space, whitespace collapsed (search descriptions have no lines).
 */
export type SplicePosition = 'start' | 'middle' | 'end';
export const SPLICE_POSITIONS: readonly SplicePosition[] = ['start', 'middle', 'end'];

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The passage with the attack at `position`; "middle" splits at the sentence or word boundary nearest the centre. */
export function splice(passage: string, attack: string, position: SplicePosition): string {
  const text = collapse(passage);
  const inserted = collapse(attack);
  if (position === 'start') return `${inserted} ${text}`;
  if (position === 'end') return `${text} ${inserted}`;
  const centre = Math.floor(text.length / 2);
  const sentence = text.indexOf('. ', centre);
  const at = sentence >= 0 && sentence < centre + 120 ? sentence + 1 : Math.max(0, text.indexOf(' ', centre));
  return at <= 0 ? `${text} ${inserted}` : `${text.slice(0, at)} ${inserted} ${text.slice(at + 1)}`;
}
