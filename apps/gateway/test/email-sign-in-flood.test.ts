// Beyond better-auth: at most 5 links or codes to one address per 10 minutes, whatever the client
// address, with the per-IP limiter off or on, and across gateway instances sharing Redis.
import { randomBytes } from 'node:crypto';
import { defaultConfig } from '../src/config.js';
import { freshEmail, type MailTestGateway, startGateway, type TestGateway } from './harness/index.js';

const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
const limits = (overrides: Partial<ReturnType<typeof defaultConfig>['rateLimit']> = {}) => ({ ...defaultConfig({ secret: 'x'.repeat(32) }).rateLimit, ...overrides });

/** A client address of its own, so parallel runs never share a per-IP bucket. */
const someIp = () => {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
};

/** Asks for a link or one of the codes, alternately, each from a new client address. */
function ask(gateway: TestGateway, email: string, index: number) {
  const from = { 'X-Forwarded-For': someIp() };
  const kinds = [
    () => gateway.http.post('/api/auth/sign-in/magic-link').set(from).send({ email }),
    () => gateway.http.post('/api/auth/email-otp/send-verification-otp').set(from).send({ email, type: 'sign-in' }),
    () => gateway.http.post('/api/auth/forget-password/email-otp').set(from).send({ email }),
  ];
  return kinds[index % kinds.length]!();
}

describe('beyond better-auth: at most 5 links or codes to one address per 10 minutes', () => {
  it('answers the 6th with 429 and Retry-After, with the per-IP limiter off, and mails nothing more; another address still works', async () => {
    const gateway = await startGateway({ rateLimit: limits({ enabled: false }), trustedProxies: ['loopback'] }, { mail: true });
    try {
      const email = freshEmail();
      for (let i = 0; i < 5; i += 1) expect((await ask(gateway, email, i)).status).toBe(200);
      const refused = await ask(gateway, email, 5);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect((await ask(gateway, email.toUpperCase(), 0)).status).toBe(429);
      // Sign-in mails for a new address, and one reset mail skipped (no account): four mails, none after the limit.
      expect(await gateway.mailsTo(email)).toHaveLength(4);
      expect((await ask(gateway, freshEmail('grace'), 0)).status).toBe(200);
      gateway.clock.advance(600_000);
      expect((await ask(gateway, email, 0)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('holds with the per-IP limiter on, whatever the client address', async () => {
    const gateway = await startGateway({ rateLimit: limits({ enabled: true }), trustedProxies: ['loopback'] }, { mail: true });
    try {
      const email = freshEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await ask(gateway, email, i)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await gateway.close();
    }
  });

  it('holds across two gateway instances sharing Redis', async () => {
    const settings = limits({ enabled: false, storage: 'redis', redisUrl: 'redis://127.0.0.1:6379' });
    const first = await startGateway({ rateLimit: settings, trustedProxies: ['loopback'] }, { mail: true });
    const second = await startGateway({ rateLimit: settings, trustedProxies: ['loopback'] }, { mail: true });
    try {
      // Until its Redis connection is up an instance counts in memory: start once both are ready.
      for (const gateway of [first, second]) await untilReady(gateway);
      const email = freshEmail();
      const statuses: number[] = [];
      for (const [index, gateway] of [first, second, first, second, first, second].entries()) statuses.push((await ask(gateway, email, index)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await ask(first, freshEmail('grace'), 0)).status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

/** Polls /health/ready (database and Redis) until it answers 200, for up to 10 s. */
async function untilReady(gateway: MailTestGateway): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await gateway.http.get('/health/ready')).status !== 200) {
    if (Date.now() > deadline) throw new Error('the gateway did not become ready within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
