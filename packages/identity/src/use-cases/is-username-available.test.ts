import { identityFixture } from '../testing/identity-fixture.js';
import { IsUsernameAvailable } from './is-username-available.js';

describe('IsUsernameAvailable', () => {
  it('answers false for a taken username (case-insensitively) and true for a free one', async () => {
    const f = identityFixture();
    await f.user({ username: 'ada_l', displayUsername: 'Ada_L' });
    const available = new IsUsernameAvailable(f);
    expect(await available.execute('ADA_L')).toBe(false);
    expect(await available.execute('grace_h')).toBe(true);
  });

  it('applies the username rules before any lookup (422 USERNAME_IS_TOO_SHORT)', async () => {
    const f = identityFixture();
    await expect(new IsUsernameAvailable(f).execute('ab')).rejects.toMatchObject({ status: 422, code: 'USERNAME_IS_TOO_SHORT' });
  });
});
