/**
 * Ids for words, looked up straight from the text they occur in (its UTF-16 code units): a word is hashed while it is
 * scanned and compared with the stored characters, so only a word not seen before becomes a string. A `Map` keyed by
 * string needs every occurrence cut out of the text and hashed again, which cost more than the rest of tokenising.
 */

import { FNV_OFFSET, FNV_PRIME } from '../fnv.ts';

/** FNV-1a over UTF-16 code units, one step. */
export const mixHash = (hash: number, code: number): number => Math.imul(hash ^ code, FNV_PRIME);

/** FNV-1a's offset basis as a signed int32, as mixHash's results are. */
export const HASH_START = FNV_OFFSET | 0;

/** Code units turned into a string per call (`textOf`). */
const TEXT_PIECE = 4096;

export class WordTable {
  /** Open addressing: slot → word id + 1 (0 for empty), and the hash stored beside it. */
  private slots = new Int32Array(4096);
  private hashes = new Int32Array(4096);
  /** Every word's characters, one after another. */
  private units = new Uint16Array(32768);
  private used = 0;
  private start = new Int32Array(2048);
  private length = new Int32Array(2048);
  size = 0;

  /** The id of the word `codes[from, to)` (hashed as `hash`), or -1 when the table does not hold it. */
  find(codes: Uint16Array, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    const length = to - from;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return -1;
      const id = entry - 1;
      if (this.hashes[slot] === hash && this.length[id] === length && this.holds(id, codes, from, length)) return id;
    }
  }

  /** Adds `codes[from, to)`, which the table must not hold yet; returns its id (ids count up from 0). */
  add(codes: Uint16Array, from: number, to: number, hash: number): number {
    const id = this.size;
    this.size += 1;
    if (id === this.start.length) {
      this.start = grown(this.start, id * 2);
      this.length = grown(this.length, id * 2);
    }
    const length = to - from;
    if (this.used + length > this.units.length) {
      const chars = new Uint16Array((this.used + length) * 2);
      chars.set(this.units);
      this.units = chars;
    }
    for (let i = 0; i < length; i += 1) this.units[this.used + i] = codes[from + i] as number;
    this.start[id] = this.used;
    this.length[id] = length;
    this.used += length;
    // Kept at most half full, so a probe ends soon on an empty slot.
    if (this.size * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    this.place(id, hash);
    return id;
  }

  /** The length of word `id`. */
  lengthOf(id: number): number {
    return this.length[id] as number;
  }

  /** Word `id` as a string: made only when asked for (most words never are). */
  textOf(id: number): string {
    const at = this.start[id] as number;
    const end = at + (this.length[id] as number);
    let text = '';
    // In pieces: a call takes only so many arguments, and a word can be a long run of characters.
    for (let from = at; from < end; from += TEXT_PIECE) {
      text += String.fromCharCode(...this.units.subarray(from, Math.min(end, from + TEXT_PIECE)));
    }
    return text;
  }

  /** Where word `id` starts in `chars` (it runs for `lengthOf(id)` code units). */
  startOf(id: number): number {
    return this.start[id] as number;
  }

  /** Every word's code units (see `startOf`). */
  get chars(): Uint16Array {
    return this.units;
  }

  /** Words `a` and `b` compared as strings are (by UTF-16 code unit): negative, 0 or positive. */
  compare(a: number, b: number): number {
    const aStart = this.start[a] as number;
    const bStart = this.start[b] as number;
    const aLength = this.length[a] as number;
    const bLength = this.length[b] as number;
    for (let i = 0; i < aLength && i < bLength; i += 1) {
      const difference = (this.units[aStart + i] as number) - (this.units[bStart + i] as number);
      if (difference !== 0) return difference;
    }
    return aLength - bLength;
  }

  /** Whether word `id` is ASCII digits only. */
  isDigits(id: number): boolean {
    const at = this.start[id] as number;
    for (let i = 0; i < (this.length[id] as number); i += 1) {
      const code = this.units[at + i] as number;
      if (code < 48 || code > 57) return false;
    }
    return true;
  }

  private holds(id: number, codes: Uint16Array, from: number, length: number): boolean {
    const at = this.start[id] as number;
    const { units } = this;
    for (let i = 0; i < length; i += 1) if (units[at + i] !== codes[from + i]) return false;
    return true;
  }

  private place(id: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = id + 1;
    this.hashes[slot] = hash;
  }

  private rehash(capacity: number): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(capacity);
    this.hashes = new Int32Array(capacity);
    for (let slot = 0; slot < slots.length; slot += 1) {
      const entry = slots[slot] as number;
      if (entry !== 0) this.place(entry - 1, hashes[slot] as number);
    }
  }
}

/** A copy of `list` with room for `capacity` numbers. */
export function grown(list: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(capacity);
  next.set(list);
  return next;
}

/** The hash `WordTable` expects for the word `codes[from, to)`. */
export function hashOf(codes: Uint16Array, from: number, to: number): number {
  let hash = HASH_START;
  for (let i = from; i < to; i += 1) hash = mixHash(hash, codes[i] as number);
  return hash;
}
