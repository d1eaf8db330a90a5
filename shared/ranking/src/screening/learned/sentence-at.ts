/** The sentence offset `at` lies in, from where the sentences start (ascending, starts[0] ≤ at): a binary search. */
export function sentenceAt(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
