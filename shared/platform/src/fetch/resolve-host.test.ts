import { describe, expect, it } from 'vitest';

import { FetchRefusedError } from './fetch-errors.ts';
import { createHostResolver, resolveVetted } from './resolve-host.ts';
import { buildAllowList, vetUrl } from './vet-url.ts';

describe('host resolution', () => {
  it('uses the system resolver (and so /etc/hosts) when no DNS server is configured', async () => {
    const answers = await createHostResolver(undefined, 1_000)('localhost');
    expect(answers.map((a) => a.address)).toContain('127.0.0.1');
  });

  it('vets every answer of the system resolver: localhost allow-listed by name passes, by nothing is refused', async () => {
    const resolve = createHostResolver(undefined, 1_000);
    const allowed = buildAllowList(['localhost']);
    const target = vetUrl('http://localhost/', [80], allowed);
    expect((await resolveVetted(target, resolve, allowed)).map((a) => a.address)).toContain('127.0.0.1');
    // An IP allow-list entry lets that address through, not others the name resolves to.
    const onlyV4 = buildAllowList(['127.0.0.1']);
    const answers = await resolve('localhost');
    const vetted = resolveVetted({ ...target, hostAllowed: false }, resolve, onlyV4);
    if (answers.some((a) => a.family === 6)) await expect(vetted).rejects.toBeInstanceOf(FetchRefusedError);
    else await expect(vetted).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
