/**
 * The injection detector of this tree against another checkout's, in one process, on the eval's texts (web-passage
 * snippets and 20 KB SciFact pages): a change's speed without the machine's drift between processes.
 *
 *   git worktree add --detach /tmp/rankgate-before <revision>
 *   node scripts/bench/detector-ab.ts /tmp/rankgate-before [--rounds N]
 *
 * Both detectors score every text in turn, the order alternating from text to text: the one scoring second finds
 * the text in the CPU's caches, which alone made a detector look 5–10 % faster than an equal one. Prints how many
 * verdicts differ (score or reasons) and, per kind of text, each side's p50 and best-round p50 and their ratios.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { detectInjection } from '@rankgate/ranking/screening';
import { scifactPages } from '../eval/scifact-pages.ts';
import { webPassageRows } from '../eval/web-passages.ts';

type Detect = typeof detectInjection;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '5' } },
});
const other = positionals[0];
if (other === undefined) {
  console.error('usage: node scripts/bench/detector-ab.ts <other checkout> [--rounds N]');
  process.exit(2);
}
const rounds = Number(values.rounds);
const moduleUrl = pathToFileURL(resolve(other, 'shared/ranking/src/screening/detect-injection.ts')).href;
const before = ((await import(moduleUrl)) as { detectInjection: Detect }).detectInjection;
const after = detectInjection;

const snippets = (await webPassageRows()).map((row) => row.text);
const pages = await scifactPages();

const differing = [...snippets, ...pages].filter((text) => {
  const [a, b] = [before(text), after(text)];
  return a.score !== b.score || a.reasons.join('\n') !== b.reasons.join('\n');
}).length;
console.log(`verdicts differing: ${differing} of ${snippets.length + pages.length}`);

const timed = (detect: Detect, text: string, into: number[]): void => {
  const started = process.hrtime.bigint();
  detect(text);
  into.push(Number(process.hrtime.bigint() - started) / 1000);
};
const p50 = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;

for (const [kind, texts] of [
  ['snippet', snippets],
  ['20 KB page', pages],
] as const) {
  // Untimed first, so both are optimised before the clock runs.
  for (let round = 0; round < 3; round += 1) {
    for (const text of texts) {
      before(text);
      after(text);
    }
  }
  // Per text, each side's times over the rounds.
  const beforeUs = texts.map(() => [] as number[]);
  const afterUs = texts.map(() => [] as number[]);
  let turn = 0;
  for (let round = 0; round < rounds; round += 1) {
    texts.forEach((text, i) => {
      const beforeFirst = turn++ % 2 === 0;
      if (beforeFirst) timed(before, text, beforeUs[i] ?? []);
      timed(after, text, afterUs[i] ?? []);
      if (!beforeFirst) timed(before, text, beforeUs[i] ?? []);
    });
  }
  // The p50 of all times, and the p50 of each text's fastest time: other work on a shared machine only ever adds
  // time, so the fastest of a text's rounds is the steadier figure.
  const all = (times: number[][]): number => p50(times.flat());
  const best = (times: number[][]): number => p50(times.map((t) => Math.min(...t)));
  for (const [label, figure] of [
    ['p50', all],
    ['best-round p50', best],
  ] as const) {
    const [b, a] = [figure(beforeUs), figure(afterUs)];
    console.log(`${kind}, ${label}: ${b.toFixed(1)} µs before, ${a.toFixed(1)} µs after, ratio ${(a / b).toFixed(3)}`);
  }
}
