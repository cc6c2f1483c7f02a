import { ORIGIN, signUp, startGateway } from './harness/index.js';

describe('the development outbox', () => {
  it('lists the mails newest first at GET /api/dev/outbox, with their links, and DELETE clears it', async () => {
    const gateway = await startGateway();
    try {
      const first = await signUp(gateway, { callbackURL: '/welcome' });
      const second = await signUp(gateway);
      await gateway.http.post('/api/auth/request-password-reset').send({ email: second.body.email, redirectTo: '/reset' }).expect(200);
      const res = await gateway.http.get('/api/dev/outbox').expect(200);
      const { mails } = res.body as { mails: Array<Record<string, unknown>> };
      expect(mails.map((mail) => [mail.to, mail.purpose])).toEqual([
        [second.body.email, 'password-reset'],
        [second.body.email, 'verification'],
        [first.body.email, 'verification'],
      ]);
      const mail = mails[2]!;
      expect(Object.keys(mail).sort()).toEqual(['createdAt', 'html', 'id', 'links', 'purpose', 'subject', 'text', 'to']);
      expect(mail).toMatchObject({ subject: 'Confirm your email for Tend', createdAt: gateway.clock.now().toISOString() });
      const [link] = mail.links as string[];
      expect(link!.startsWith(`${ORIGIN}/api/auth/verify-email?token=`)).toBe(true);
      // The outbox link is the real one: following it verifies the address.
      const verified = await gateway.http.get(new URL(link!).pathname + new URL(link!).search).expect(302);
      expect(verified.headers.location).toBe('/welcome');

      expect((await gateway.http.delete('/api/dev/outbox').expect(200)).body).toEqual({ status: true });
      expect((await gateway.http.get('/api/dev/outbox').expect(200)).body).toEqual({ mails: [] });
    } finally {
      await gateway.close();
    }
  });

  it('does not exist in production', async () => {
    const gateway = await startGateway({ production: true });
    try {
      await signUp(gateway);
      expect((await gateway.http.get('/api/dev/outbox').expect(404)).body).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
      await gateway.http.delete('/api/dev/outbox').expect(404);
    } finally {
      await gateway.close();
    }
  });

  it('does not exist when mail goes through Resend', async () => {
    const gateway = await startGateway({}, { mail: true });
    try {
      await gateway.http.get('/api/dev/outbox').expect(404);
    } finally {
      await gateway.close();
    }
  });
});
