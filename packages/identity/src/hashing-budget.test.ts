import { codeOf } from '@tend/kernel';
import { DEFAULT_HASH_QUEUE_LIMIT, defaultHashConcurrency, HASHING_ERRORS, HashingBudget, ServerBusyError } from './hashing-budget.js';

/** Work the test finishes by hand. */
function controlled() {
  const started: number[] = [];
  const finish = new Map<number, (fail?: boolean) => void>();
  const work = (id: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(id);
      finish.set(id, (fail) => (fail ? reject(new Error(`work ${id} failed`)) : resolve(id)));
    });
  return { started, finish: (id: number, fail = false) => finish.get(id)!(fail), work };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const BUSY = { status: 503, code: 'SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER', message: 'Server is busy. Please try again later.' };

describe('HashingBudget', () => {
  it('never runs more than `concurrency` at once, and runs everything in the end', async () => {
    const budget = new HashingBudget({ concurrency: 3, queueLimit: 100 });
    let active = 0;
    let peak = 0;
    const work = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await settle();
      active -= 1;
    };
    await Promise.all(Array.from({ length: 40 }, () => budget.run(work)));
    expect(peak).toBe(3);
    expect(budget.active).toBe(0);
    expect(budget.waiting).toBe(0);
  });

  it('starts the waiting work in arrival order (FIFO)', async () => {
    const budget = new HashingBudget({ concurrency: 1, queueLimit: 10 });
    const { started, finish, work } = controlled();
    const runs = [0, 1, 2, 3, 4, 5].map((id) => budget.run(work(id)));
    await settle();
    expect(started).toEqual([0]);
    expect(budget.waiting).toBe(5);
    for (const id of [0, 1, 2, 3, 4]) {
      finish(id);
      await settle();
    }
    finish(5);
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('answers 503 SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER with Retry-After when the queue is full, without running the work', async () => {
    const budget = new HashingBudget({ concurrency: 1, queueLimit: 2, retryAfterSeconds: 3 });
    const { started, finish, work } = controlled();
    const accepted = [budget.run(work(0)), budget.run(work(1)), budget.run(work(2))];
    const refused = budget.run(work(3));
    await expect(refused).rejects.toMatchObject(BUSY);
    await expect(refused).rejects.toBeInstanceOf(ServerBusyError);
    expect(((await refused.catch((error: unknown) => error)) as ServerBusyError).headers()).toEqual({ 'Retry-After': '3' });
    for (const id of [0, 1, 2]) {
      await settle();
      finish(id);
    }
    expect(await Promise.all(accepted)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('takes work again once the queue has room', async () => {
    const budget = new HashingBudget({ concurrency: 1, queueLimit: 0 });
    const { finish, work } = controlled();
    const first = budget.run(work(0));
    await expect(budget.run(work(1))).rejects.toMatchObject(BUSY);
    await settle();
    finish(0);
    await first;
    const again = budget.run(work(2));
    await settle();
    finish(2);
    expect(await again).toBe(2);
  });

  it('frees the slot of work that fails', async () => {
    const budget = new HashingBudget({ concurrency: 1, queueLimit: 1 });
    const { finish, work } = controlled();
    const failing = budget.run(work(0));
    const next = budget.run(work(1));
    await settle();
    finish(0, true);
    await expect(failing).rejects.toThrow('work 0 failed');
    await settle();
    finish(1);
    expect(await next).toBe(1);
    expect(budget.active).toBe(0);
  });

  it('defaults to one core fewer than the machine has at normal priority, every core at low priority, at least one, and a queue of 64', () => {
    expect(defaultHashConcurrency(1)).toBe(1);
    expect(defaultHashConcurrency(2)).toBe(1);
    expect(defaultHashConcurrency(8)).toBe(7);
    expect(defaultHashConcurrency(1, 'low')).toBe(1);
    expect(defaultHashConcurrency(2, 'low')).toBe(2);
    expect(defaultHashConcurrency(8, 'low')).toBe(8);
    const budget = new HashingBudget();
    expect(budget.concurrency).toBe(defaultHashConcurrency());
    expect(budget.queueLimit).toBe(DEFAULT_HASH_QUEUE_LIMIT);
  });

  it('refuses a budget that could never run anything', () => {
    expect(() => new HashingBudget({ concurrency: 0 })).toThrow(RangeError);
    expect(() => new HashingBudget({ queueLimit: -1 })).toThrow(RangeError);
    expect(() => new HashingBudget({ concurrency: 1.5 })).toThrow(RangeError);
  });

  it('keys its error by the code of its message', () => {
    for (const [key, entry] of Object.entries(HASHING_ERRORS)) expect(codeOf(entry.message)).toBe(key);
  });
});
