import { ManualClock } from '@tend/kernel';
import { revocationRegistryContract } from '../../testing/revocation-registry.contract.js';
import { MemoryRevocationRegistry } from './memory-revocation-registry.js';

const MAX_AGE = 300_000;

revocationRegistryContract('memory', async () => {
  const clock = new ManualClock();
  return { registry: new MemoryRevocationRegistry(clock, { retainMs: MAX_AGE }), clock, close: async () => undefined };
});

describe('MemoryRevocationRegistry', () => {
  it('is exact in one process: a copy made the millisecond after a user revocation is trusted, one made at it is not', async () => {
    const clock = new ManualClock();
    const registry = new MemoryRevocationRegistry(clock, { retainMs: MAX_AGE });
    await registry.revokeUser('u1', clock.now());
    expect(await registry.isRevoked('t1', 'u1', clock.now())).toBe(true);
    expect(await registry.isRevoked('t1', 'u1', new Date(clock.now().getTime() + 1))).toBe(false);
  });

  it('forgets a mark once the cookie cache max age has passed (every copy it refused has gone stale)', async () => {
    const clock = new ManualClock();
    const registry = new MemoryRevocationRegistry(clock, { retainMs: MAX_AGE });
    const madeBefore = new Date(clock.now().getTime() - 1);
    await registry.revokeSession('t1');
    await registry.revokeUser('u1', clock.now());
    clock.advance(MAX_AGE - 1);
    expect(await registry.isRevoked('t1', 'u2', madeBefore)).toBe(true);
    expect(await registry.isRevoked('t2', 'u1', madeBefore)).toBe(true);
    clock.advance(1);
    expect(await registry.isRevoked('t1', 'u2', madeBefore)).toBe(false);
    expect(await registry.isRevoked('t2', 'u1', madeBefore)).toBe(false);
  });

  it('sweeps expired marks as it writes, so memory stays bounded', async () => {
    const clock = new ManualClock();
    const registry = new MemoryRevocationRegistry(clock, { retainMs: MAX_AGE });
    for (let i = 0; i < 300; i += 1) await registry.revokeSession(`old-${i}`);
    clock.advance(MAX_AGE);
    for (let i = 0; i < 256; i += 1) await registry.revokeSession(`new-${i}`);
    expect((registry as unknown as { sessions: Map<string, number> }).sessions.size).toBeLessThan(300);
  });
});
