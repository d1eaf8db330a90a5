/** More ranking-worker processes beside a local topology's own, for scaling and failover tests. */
import type { ProcessSpec } from '../../bin/split-topology.ts';
import { ManagedProcess, freePorts } from '../../bin/split-topology.ts';
import type { LocalTarget } from './target.ts';

/** Starts another ranking-worker from the topology's spec (same Redis, same queue) on a free port. */
export async function startExtraWorker(target: LocalTarget, env: Record<string, string> = {}): Promise<ManagedProcess> {
  const base = target.specs.get('ranking-worker');
  if (!base) throw new Error('the topology has no ranking-worker spec');
  const [port = 0] = await freePorts(1);
  const spec: ProcessSpec = {
    ...base,
    port,
    healthUrl: `http://127.0.0.1:${port}/internal/health`,
    env: { ...base.env, RANKING_WORKER_PORT: String(port), ...env },
  };
  const worker = new ManagedProcess(spec);
  await worker.start();
  return worker;
}
