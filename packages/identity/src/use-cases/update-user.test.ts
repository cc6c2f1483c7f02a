import { identityFixture } from '../testing/identity-fixture.js';
import { userFields } from '../user-fields.js';
import { UpdateUser } from './update-user.js';

describe('UpdateUser', () => {
  it('stores the input fields, ignores the others, and keeps the typed username for display', async () => {
    const f = identityFixture();
    const ada = await f.user();
    f.clock.advance(60_000);
    const updated = await new UpdateUser(f).execute(ada.id, { name: 'Ada L.', bio: 'hi', username: 'Ada_L', role: 'admin', tokenBalance: 99 });
    expect(updated).toMatchObject({ name: 'Ada L.', bio: 'hi', username: 'ada_l', displayUsername: 'Ada_L', role: 'user', tokenBalance: 0, updatedAt: f.clock.now() });
    expect(f.tables.users.get(ada.id)).toMatchObject({ name: 'Ada L.', role: 'user' });
  });

  it('answers 400 EMAIL_CAN_NOT_BE_UPDATED for an email and 400 NO_FIELDS_TO_UPDATE when nothing is settable', async () => {
    const f = identityFixture();
    const ada = await f.user();
    const update = new UpdateUser(f);
    await expect(update.execute(ada.id, { email: 'x@example.com', name: 'X' })).rejects.toMatchObject({ status: 400, code: 'EMAIL_CAN_NOT_BE_UPDATED' });
    await expect(update.execute(ada.id, { role: 'admin' })).rejects.toMatchObject({ status: 400, code: 'NO_FIELDS_TO_UPDATE' });
    const noBio = new UpdateUser(f, { userFields: userFields({ bio: { input: false } }) });
    await expect(noBio.execute(ada.id, { bio: 'x' })).rejects.toMatchObject({ code: 'NO_FIELDS_TO_UPDATE' });
  });
});
