import { availableParallelism } from 'node:os';
import { silentLogger } from '@tend/kernel';
import type { ScryptPasswordHasher } from '@tend/identity';
import { configFromEnv, parseEnv } from '../src/env.js';
import { PLATFORM } from '../src/platform.js';
import { credentials, SECRET, startGateway, type TestGateway } from './harness/index.js';

describe('password hashing under load', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ hashing: { concurrency: 1, queue: 1, priority: 'normal' } });
  });
  afterAll(() => gateway.close());

  it('answers 503 SERVER_IS_BUSY with Retry-After once the hashing queue is full, and serves the rest', async () => {
    const signUps = Array.from({ length: 6 }, () => gateway.http.post('/api/auth/sign-up/email').send(credentials()).then((res) => res));
    // Session checks never wait behind hashing: get-session answers while the sign-ups queue.
    expect((await gateway.http.get('/api/auth/get-session').expect(200)).body).toBeNull();
    const answers = await Promise.all(signUps);
    const busy = answers.filter((res) => res.status === 503);
    expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.body).toEqual({ code: 'SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER', message: 'Server is busy. Please try again later.' });
      expect(res.headers['retry-after']).toBe('1');
    }
  });
});

describe('the default hashing budget', () => {
  let gateway: TestGateway;
  // As the environment leaves it: AUTH_HASH_CONCURRENCY and AUTH_HASH_PRIORITY unset.
  const { hashing } = configFromEnv(parseEnv({ AUTH_SECRET: SECRET }), silentLogger);
  beforeAll(async () => {
    gateway = await startGateway({ hashing });
  });
  afterAll(() => gateway.close());

  it('hashes on every core at once, at low priority, when AUTH_HASH_* are unset', async () => {
    expect(hashing).toEqual({ concurrency: undefined, queue: 64, priority: 'low' });
    const { budget } = gateway.container.get(PLATFORM.PasswordHasher) as ScryptPasswordHasher;
    expect(budget.concurrency).toBe(availableParallelism());
    // As many sign-ups at once as there are cores: all of them hash together, none waits.
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, budget.active)), 1);
    try {
      const answers = await Promise.all(Array.from({ length: availableParallelism() }, () => gateway.http.post('/api/auth/sign-up/email').send(credentials())));
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(availableParallelism());
  });
});
