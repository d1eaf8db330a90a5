/**
 * The hashes of forEachSentenceFeature's names ("1|in|write", "cx|true|false|low", …) without building
 * the names: a prefix's FNV state goes on over the words, and the names made only of traits are hashed
 * once, here, from the very same templates. The values are those of hashString(name).
 */
import type { SentenceTraits } from './context-shift.ts';
import { FNV_OFFSET, FNV_PRIME, mix } from '../../fnv.ts';

const SALT_SENTENCE = 0x2545f491;

/** The FNV state `h` carried on over `text`. */
function fnvFrom(h: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}
const finish = (h: number): number => mix(h ^ SALT_SENTENCE);

/** A sentence feature's hash from its whole name. */
export const hashString = (name: string): number => finish(fnvFrom(FNV_OFFSET, name));

type Place = 'in' | 'alone';
const PLACES: Place[] = ['in', 'alone'];
const OVERLAPS: SentenceTraits['overlap'][] = ['alone', 'few', 'low', 'mid', 'high'];
const SETTINGS: SentenceTraits['setting'][] = ['chat', 'page'];
const POSITIONS: SentenceTraits['position'][] = ['alone', 'first', 'middle', 'last'];
const BOOLS = [false, true];

const placeIndex = (place: Place): number => (place === 'in' ? 0 : 1);
const overlapIndex = { alone: 0, few: 1, low: 2, mid: 3, high: 4 } as const;
const settingIndex = { chat: 0, page: 1 } as const;
const positionIndex = { alone: 0, first: 1, middle: 2, last: 3 } as const;

const FIRST_PREFIX = PLACES.map((place) => fnvFrom(FNV_OFFSET, `1|${place}|`));
const PAIR_PREFIX = PLACES.map((place) => fnvFrom(FNV_OFFSET, `2|${place}|`));
const QUESTION = PLACES.map((place) => hashString(`?|${place}`));
const CX1_PREFIX = fnvFrom(FNV_OFFSET, 'cx1|');

/** Every value of `values`' product, hashed by `name`, in the order the index functions below read them. */
function table<T extends unknown[]>(lists: { [K in keyof T]: readonly T[K][] }, name: (...v: T) => string): number[] {
  let rows: unknown[][] = [[]];
  for (const list of lists) rows = rows.flatMap((row) => list.map((value) => [...row, value]));
  return rows.map((row) => hashString(name(...(row as T))));
}
const CXM = table([BOOLS, BOOLS, OVERLAPS], (aims, ask, overlap) => `cxm|${aims}|${ask}|${overlap}`);
const CX = table([BOOLS, BOOLS, OVERLAPS], (addressed, question, overlap) => `cx|${addressed}|${question}|${overlap}`);
const CXS = table(
  [SETTINGS, BOOLS, BOOLS, OVERLAPS],
  (setting, addressed, question, overlap) => `cxs|${setting}|${addressed}|${question}|${overlap}`,
);
const CXP = table(
  [POSITIONS, BOOLS, BOOLS, OVERLAPS],
  (position, addressed, question, overlap) => `cxp|${position}|${addressed}|${question}|${overlap}`,
);

const CXA = table([SETTINGS, OVERLAPS], (setting, overlap) => `cxa|${setting}|${overlap}`);

/** `1|${place}|${first}` */
export const firstWordHash = (place: Place, first: string): number =>
  finish(fnvFrom(FIRST_PREFIX[placeIndex(place)] ?? 0, first));
/** `2|${place}|${first} ${second}` */
export const firstPairHash = (place: Place, first: string, second: string): number =>
  finish(fnvFrom(Math.imul(fnvFrom(PAIR_PREFIX[placeIndex(place)] ?? 0, first) ^ 32, FNV_PRIME), second));
/** `?|${place}` */
export const questionHash = (place: Place): number => QUESTION[placeIndex(place)] ?? 0;
/** `cx1|${first}|${overlap}` */
export const shiftFirstWordHash = (first: string, overlap: SentenceTraits['overlap']): number =>
  finish(fnvFrom(Math.imul(fnvFrom(CX1_PREFIX, first) ^ 124, FNV_PRIME), overlap));

const b = (value: boolean): number => (value ? 1 : 0);
/** `cxm|${aimsAtModel}|${addressed || question}|${overlap}` */
export const modelAskHash = (t: SentenceTraits): number =>
  CXM[(b(t.aimsAtModel) * 2 + b(t.addressed || t.question)) * 5 + overlapIndex[t.overlap]] ?? 0;
/** `cx|${addressed}|${question}|${overlap}` */
export const askHash = (t: SentenceTraits): number =>
  CX[(b(t.addressed) * 2 + b(t.question)) * 5 + overlapIndex[t.overlap]] ?? 0;
/** `cxs|${setting}|${addressed}|${question}|${overlap}` */
export const settingHash = (t: SentenceTraits): number =>
  CXS[((settingIndex[t.setting] * 2 + b(t.addressed)) * 2 + b(t.question)) * 5 + overlapIndex[t.overlap]] ?? 0;
/** `cxp|${position}|${addressed}|${question}|${overlap}` */
export const positionHash = (t: SentenceTraits): number =>
  CXP[((positionIndex[t.position] * 2 + b(t.addressed)) * 2 + b(t.question)) * 5 + overlapIndex[t.overlap]] ?? 0;
/** `cxa|${setting}|${overlap}`, for a sentence that asks an assistant for work */
export const assistantAskHash = (t: SentenceTraits): number =>
  CXA[settingIndex[t.setting] * 5 + overlapIndex[t.overlap]] ?? 0;
