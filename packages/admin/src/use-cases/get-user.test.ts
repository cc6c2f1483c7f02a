import { adminFixture } from '../testing/admin-fixture.js';
import { GetUser } from './get-user.js';

describe('GetUser', () => {
  it('answers the user to an admin; 404 USER_NOT_FOUND for an unknown or empty id', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser({ name: 'Grace' });
    expect(await new GetUser(f.users).execute({ actor, id: target.id })).toMatchObject({ id: target.id, name: 'Grace' });
    for (const id of ['missing', '']) await expect(new GetUser(f.users).execute({ actor, id })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_GET_USER to a caller without user get', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    await expect(new GetUser(f.users).execute({ actor: f.actor('user'), id: target.id })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER',
      message: 'You are not allowed to get user',
    });
  });
});
