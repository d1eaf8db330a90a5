/**
 * One process of ./string-subclass.ts: loads the module named on the command line (or none), then prints the
 * injection detector's p50 µs per web-passage snippet, the fastest of the last four of eight passes, as JSON.
 */
const preload = process.argv[2];
if (preload !== undefined && preload !== 'none') await import(preload);
const { detectInjection } = await import('@rankgate/ranking/screening');
const { webPassageRows } = await import('../eval/web-passages.ts');

const texts = (await webPassageRows()).map((row) => row.text);
const passes: number[] = [];
for (let pass = 0; pass < 8; pass += 1) {
  const times = texts.map((text) => {
    const started = process.hrtime.bigint();
    detectInjection(text);
    return Number(process.hrtime.bigint() - started) / 1000;
  });
  times.sort((a, b) => a - b);
  passes.push(times[times.length >> 1] ?? 0);
}
console.log(JSON.stringify({ p50Us: Math.min(...passes.slice(-4)) }));
