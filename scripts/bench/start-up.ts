/**
 * Start to ready and idle memory of `npm start` (bin/start-embedded.ts): spawns it with the node
 * that runs this script (or NODE_BIN) and any NODE_ARGS (e.g. `--import tsx` for an older node),
 * polls /health every 10 ms from spawn, then reads the process's resident memory after a quiet
 * settle. Not part of `npm run bench`; docs/performance.md quotes its medians.
 *
 *   node scripts/bench/start-up.ts [runs=5]
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../../bin/start-embedded.ts', import.meta.url));
const SETTLE_MS = 3000;
const runs = Number(process.argv[2] ?? 5);
const nodeBin = process.env.NODE_BIN || process.execPath;
const nodeArgs = (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

async function once(): Promise<{ readyMs: number; idleRssMiB: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(nodeBin, [...nodeArgs, ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      OPERATOR_API_KEY: 'rg_start_up_bench_key_0000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error('not ready within 60 s');
      await sleep(10);
    }
    const readyMs = Math.round(performance.now() - started);
    await sleep(SETTLE_MS);
    return { readyMs, idleRssMiB: await residentMiB(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const samples = [];
for (let i = 0; i < runs; i += 1) samples.push(await once());
const version = await new Promise<string>((resolve) => {
  const probe = spawn(nodeBin, ['--version']);
  let out = '';
  probe.stdout.on('data', (d: Buffer) => (out += String(d)));
  probe.on('close', () => resolve(out.trim()));
});
console.log(
  JSON.stringify({
    node: version,
    args: nodeArgs.join(' '),
    runs,
    ready_ms: { median: median(samples.map((s) => s.readyMs)), all: samples.map((s) => s.readyMs) },
    idle_rss_mib: { median: median(samples.map((s) => s.idleRssMiB)), all: samples.map((s) => s.idleRssMiB) },
  }),
);
