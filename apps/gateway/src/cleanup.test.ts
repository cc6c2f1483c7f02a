import { ManualClock, silentLogger, type Logger } from '@tend/kernel';
import type { LockOutcome } from '@tend/database';
import { ScheduledCleanup, type CleanupTask } from './cleanup.js';

const free = async <T>(work: () => Promise<T>): Promise<LockOutcome<T>> => ({ ran: true, value: await work() });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ScheduledCleanup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs its first pass after the initial delay, then every interval, with the clock\'s time', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const seen: Date[] = [];
    const tasks: CleanupTask[] = [{ name: 'sessions', run: async (now) => (seen.push(now), 3) }];
    const cleanup = new ScheduledCleanup({ intervalSeconds: 3600, initialDelaySeconds: 60, lock: free, tasks, clock, logger: silentLogger });
    cleanup.start();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(seen).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([new Date(Date.UTC(2026, 0, 1))]);
    clock.advance(3_600_000);
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(new Date(Date.UTC(2026, 0, 1, 1)));
    await cleanup.stop();
  });

  it('never overlaps itself: the next pass is counted from the end of a slow one, and a manual run meanwhile is skipped', async () => {
    const gate = deferred();
    let started = 0;
    const tasks: CleanupTask[] = [{ name: 'slow', run: async () => (started++, await gate.promise, 1) }];
    const cleanup = new ScheduledCleanup({ intervalSeconds: 10, initialDelaySeconds: 10, lock: free, tasks, clock: new ManualClock(), logger: silentLogger });
    cleanup.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(started).toBe(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(started).toBe(1);
    await expect(cleanup.runOnce()).resolves.toEqual({ status: 'skipped', reason: 'running' });
    gate.resolve();
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toBe(1);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(started).toBe(2);
    await cleanup.stop();
  });

  it('skips its turn when another instance holds the lock', async () => {
    const run = jest.fn(async () => 1);
    const info = jest.fn();
    const logger: Logger = { ...silentLogger, info };
    const cleanup = new ScheduledCleanup({ intervalSeconds: 10, lock: async () => ({ ran: false }), tasks: [{ name: 'sessions', run }], clock: new ManualClock(), logger });
    await expect(cleanup.runOnce()).resolves.toEqual({ status: 'skipped', reason: 'locked' });
    expect(run).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith('cleanup skipped: another instance is cleaning up');
  });

  it('runs every task even when one fails, and reports what each removed', async () => {
    const tasks: CleanupTask[] = [
      { name: 'sessions', run: async () => 2 },
      { name: 'verifications', run: async () => Promise.reject(new Error('relation does not exist')) },
      { name: 'rateLimits', run: async () => 5 },
    ];
    const cleanup = new ScheduledCleanup({ intervalSeconds: 10, lock: free, tasks, clock: new ManualClock(), logger: silentLogger });
    await expect(cleanup.runOnce()).resolves.toEqual({ status: 'done', removed: { sessions: 2, rateLimits: 5 }, failed: ['verifications'] });
  });

  it('answers failed (and keeps its schedule) when the lock cannot be taken because the database is away', async () => {
    const run = jest.fn(async () => 1);
    const lock = jest.fn().mockRejectedValueOnce(new Error('connect ECONNREFUSED')).mockImplementation(free);
    const cleanup = new ScheduledCleanup({ intervalSeconds: 10, initialDelaySeconds: 10, lock, tasks: [{ name: 'sessions', run }], clock: new ManualClock(), logger: silentLogger });
    cleanup.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    await cleanup.stop();
  });

  it('schedules nothing when the interval is 0', async () => {
    const run = jest.fn(async () => 1);
    const cleanup = new ScheduledCleanup({ intervalSeconds: 0, lock: free, tasks: [{ name: 'sessions', run }], clock: new ManualClock(), logger: silentLogger });
    cleanup.start();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(86_400_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('stops: no further pass, and stop() waits for the pass under way', async () => {
    const gate = deferred();
    let finished = 0;
    const tasks: CleanupTask[] = [{ name: 'slow', run: async () => (await gate.promise, finished++, 1) }];
    const cleanup = new ScheduledCleanup({ intervalSeconds: 10, initialDelaySeconds: 10, lock: free, tasks, clock: new ManualClock(), logger: silentLogger });
    cleanup.start();
    await jest.advanceTimersByTimeAsync(10_000);
    let stopped = false;
    const stopping = cleanup.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(1);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(finished).toBe(1);
  });

  it('unrefs its timer, so it never keeps the process alive', () => {
    jest.useRealTimers();
    const spy = jest.spyOn(global, 'setTimeout');
    const cleanup = new ScheduledCleanup({ intervalSeconds: 10, lock: free, tasks: [], clock: new ManualClock(), logger: silentLogger });
    cleanup.start();
    const timer = spy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    spy.mockRestore();
    void cleanup.stop();
  });
});
