import { startGateway, credentials, type TestGateway } from './harness.js';

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
