import { identityFixture, tokenParam } from '../testing/identity-fixture.js';
import { PlaceholderEmails } from '../placeholder-email.js';
import { ChangeEmail } from './change-email.js';

describe('ChangeEmail', () => {
  it('swaps an unverified address at once and mails the new one a verification link', async () => {
    const f = identityFixture();
    const ada = await f.user();
    const changed = await new ChangeEmail(f).execute({ user: ada, newEmail: 'New@Example.com' });
    expect(changed).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(f.tables.users.get(ada.id)?.email).toBe('new@example.com');
    expect(await f.mailsTo('new@example.com')).toEqual([expect.objectContaining({ purpose: 'verification' })]);
  });

  it('for a verified address, changes nothing yet and mails the current address a link carrying the new one', async () => {
    const f = identityFixture();
    const ada = await f.user({ emailVerified: true });
    expect(await new ChangeEmail(f).execute({ user: ada, newEmail: 'new@example.com' })).toEqual(ada);
    expect(f.tables.users.get(ada.id)?.email).toBe(ada.email);
    const [mail] = await f.mailsTo(ada.email);
    expect(mail).toMatchObject({ purpose: 'change-email' });
    expect(await f.tokens.verify(tokenParam(mail!.links[0]))).toMatchObject({ email: ada.email, updateTo: 'new@example.com' });
  });

  it('mails the link to the new address when the current one is a placeholder', async () => {
    const f = identityFixture();
    const placeholders = new PlaceholderEmails('placeholder.example');
    const ada = await f.user({ email: 'x@placeholder.example' });
    await new ChangeEmail({ ...f, placeholders }).execute({ user: ada, newEmail: 'real@example.com' });
    expect(await f.mailsTo('real@example.com')).toEqual([expect.objectContaining({ purpose: 'change-email' })]);
    await expect(new ChangeEmail({ ...f, placeholders }).execute({ user: await f.user(), newEmail: 'y@placeholder.example' })).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
  });

  it("answers the spec's errors: the same email, a taken one, and the feature turned off", async () => {
    const f = identityFixture();
    const ada = await f.user();
    const grace = await f.user();
    await expect(new ChangeEmail(f).execute({ user: ada, newEmail: ada.email })).rejects.toMatchObject({ status: 400, code: 'EMAIL_IS_THE_SAME' });
    await expect(new ChangeEmail(f).execute({ user: ada, newEmail: grace.email })).rejects.toMatchObject({ status: 400, code: 'COULDN_T_UPDATE_YOUR_EMAIL' });
    await expect(new ChangeEmail(f, { enabled: false }).execute({ user: ada, newEmail: 'n@example.com' })).rejects.toMatchObject({ status: 400, code: 'CHANGE_EMAIL_IS_DISABLED' });
  });
});
