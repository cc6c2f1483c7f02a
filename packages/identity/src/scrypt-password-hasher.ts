import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { defaultHashConcurrency, HashingBudget, type HashingBudgetOptions } from './hashing-budget.js';
import type { PasswordHasher } from './ports.js';

// The spec's parameters, and better-auth's storage format (`<salt hex>:<key hex>`, where the
// salt's hex string itself is the scrypt salt), so hashes made by better-auth verify unchanged.
// `minimum` is for test suites only (as Rails' `SecurePassword.min_cost`): the same scrypt, 16
// times cheaper; its hashes do not verify at the standard cost, nor the other way round.
const PARAMS: Record<ScryptCost, ScryptOptions> = {
  standard: { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 },
  minimum: { N: 1024, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 },
};
const KEY_LENGTH = 64;

/** scrypt's work factor: `standard` (the spec's) everywhere but in test suites. */
export type ScryptCost = 'standard' | 'minimum';

type Derive = (password: string, salt: string) => Promise<Buffer>;

/** node:crypto's scrypt on libuv's thread pool: the event loop stays free. */
const onThreadPool =
  (params: ScryptOptions): Derive =>
  (password, salt) =>
    new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))));

export interface ScryptPasswordHasherOptions extends HashingBudgetOptions {
  /** A budget to share (otherwise one is made from `concurrency` and `queueLimit`). */
  budget?: HashingBudget;
  /**
   * `normal` (default): scrypt on libuv's thread pool, at the priority of the whole process.
   * `low`: on worker threads of the hasher's own (one per budget slot) at the lowest CPU priority
   * (nice 19; Linux, elsewhere normal priority): on a busy machine the event loop and PostgreSQL
   * get the cores first and hashing takes what is left, so session checks keep their latency
   * during a sign-in storm while sign-ins slow down (and queue, then 503) instead.
   */
  threadPriority?: 'normal' | 'low';
  /** `standard` (default). `minimum` only where nothing real is stored: test suites' gateways. */
  cost?: ScryptCost;
}

/**
 * scrypt (N 16384, r 16, p 1, 64-byte key, 16-byte random salt) over the NFKC form, every hash
 * and check within a HashingBudget: at most `concurrency` at once (default: every CPU core with
 * low-priority threads, cores - 1 at normal priority, at least 1), `queueLimit` waiting (default
 * 64), the rest refused with 503.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  readonly budget: HashingBudget;
  private readonly derive: Derive;

  constructor(options: ScryptPasswordHasherOptions = {}) {
    this.budget = options.budget ?? new HashingBudget({ ...options, concurrency: options.concurrency ?? defaultHashConcurrency(undefined, options.threadPriority ?? 'normal') });
    const params = PARAMS[options.cost ?? 'standard'];
    this.derive = options.threadPriority === 'low' ? new LowPriorityScrypt(params).derive : onThreadPool(params);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await this.run(password, salt);
    return `${salt}:${key.toString('hex')}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const [salt, keyHex] = hash.split(':');
    if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex)) {
      await this.run(password, 'malformed-hash-salt'); // same cost as a real check
      return false;
    }
    const expected = Buffer.from(keyHex, 'hex');
    const actual = await this.run(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private run(password: string, salt: string): Promise<Buffer> {
    const normalized = password.normalize('NFKC');
    return this.budget.run(() => this.derive(normalized, salt));
  }
}

// The worker's whole program: lower its own thread's priority, then derive keys on request.
// `/proc/thread-self` names the calling thread (Linux 3.17+); setpriority on a thread id changes
// that thread only.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 19);
} catch {}
parentPort.on('message', ({ password, salt, keyLength, params }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, params) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

interface Job {
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

/**
 * Worker threads at the lowest priority, started on demand and kept for the next hash; one hash
 * per worker at a time (the budget bounds how many run, so it bounds the workers too). Idle
 * workers do not keep the process alive.
 */
class LowPriorityScrypt {
  private readonly idle: Worker[] = [];
  private readonly jobs = new Map<Worker, Job>();

  constructor(private readonly params: ScryptOptions) {}

  readonly derive: Derive = (password, salt) =>
    new Promise((resolve, reject) => {
      const worker = this.idle.pop() ?? this.start();
      worker.ref();
      this.jobs.set(worker, { resolve, reject });
      worker.postMessage({ password, salt, keyLength: KEY_LENGTH, params: this.params });
    });

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', (message: { key?: Uint8Array; error?: string }) => {
      const job = this.jobs.get(worker);
      this.jobs.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (message.key) job?.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
      else job?.reject(new Error(message.error ?? 'scrypt failed'));
    });
    // A worker that fails is dropped (with the hash it was running); the next hash starts another.
    const drop = (error: Error) => {
      const job = this.jobs.get(worker);
      this.jobs.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      job?.reject(error);
    };
    worker.on('error', drop);
    worker.on('exit', (code) => drop(new Error(`scrypt worker exited with code ${code}`)));
    return worker;
  }
}
