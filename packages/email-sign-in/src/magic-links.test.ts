import { newUser } from '@tend/identity';
import { UNKNOWN_CLIENT } from '@tend/identity';
import { emailSignInFixture } from './testing/fixture.js';

const client = UNKNOWN_CLIENT;

describe('sign-in links', () => {
  it('mails a link to the verify route with its callbacks, signs in once, and creates a verified user for a new address', async () => {
    const f = emailSignInFixture();
    await f.sendMagicLink.execute({ email: 'New@Example.com', name: 'Nova', callbackURL: '/home', errorCallbackURL: '/oops' });
    const [mail] = await f.mailsTo('new@example.com');
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe('https://tend.example/api/auth/magic-link/verify');
    expect([...link.searchParams.keys()]).toEqual(['token', 'callbackURL', 'errorCallbackURL']);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(mail!.text).toContain('This link expires in 5 minutes.');

    const token = link.searchParams.get('token')!;
    const outcome = await f.verifyMagicLink.execute({ token, client });
    if (outcome.kind !== 'session') throw new Error('expected a session');
    expect(outcome.user).toMatchObject({ email: 'new@example.com', name: 'Nova', emailVerified: true });
    expect(outcome.proof).toMatchObject({ method: 'magic-link', factors: ['email'], isNewUser: true });
    await expect(f.verifyMagicLink.execute({ token, client })).rejects.toMatchObject({ status: 400, code: 'INVALID_TOKEN' });
  });

  it('voids the earlier unused links of an address when a new one is mailed', async () => {
    const f = emailSignInFixture();
    await f.sendMagicLink.execute({ email: 'ada@example.com' });
    const first = await f.tokenFor('ada@example.com');
    await f.sendMagicLink.execute({ email: 'ada@example.com' });
    const second = await f.tokenFor('ada@example.com');
    expect(second).not.toBe(first);
    await expect(f.verifyMagicLink.execute({ token: first, client })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await f.verifyMagicLink.execute({ token: second, client })).kind).toBe('session');
  });

  it('refuses a link after five minutes', async () => {
    const f = emailSignInFixture();
    await f.sendMagicLink.execute({ email: 'ada@example.com' });
    const token = await f.tokenFor('ada@example.com');
    f.clock.advance(300_000);
    await expect(f.verifyMagicLink.execute({ token, client })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('lets one of two parallel uses of a link win', async () => {
    const f = emailSignInFixture();
    await f.sendMagicLink.execute({ email: 'ada@example.com' });
    const token = await f.tokenFor('ada@example.com');
    const results = await Promise.allSettled([1, 2].map(() => f.verifyMagicLink.execute({ token, client })));
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('mails nothing to an unknown address when sign-up is off, and answers the same', async () => {
    const f = emailSignInFixture({ signUp: false });
    await expect(f.sendMagicLink.execute({ email: 'ghost@example.com' })).resolves.toBeUndefined();
    expect(await f.mailsTo('ghost@example.com')).toEqual([]);
    await f.users.create(newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada' }, f.clock.now()));
    await f.sendMagicLink.execute({ email: 'ada@example.com' });
    expect(await f.mailsTo('ada@example.com')).toHaveLength(1);
  });

  it('mails nothing to an address that can never receive mail', async () => {
    const f = emailSignInFixture({}, { mailable: (email) => !email.endsWith('.invalid') });
    await f.sendMagicLink.execute({ email: 'x@github.placeholder.invalid' });
    await f.sendEmailCode.execute({ email: 'x@github.placeholder.invalid', type: 'sign-in' });
    expect(await f.mailsTo('x@github.placeholder.invalid')).toEqual([]);
  });
});
