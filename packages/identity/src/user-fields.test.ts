import { USER_FIELD_NAMES, user, userInput } from '@tend/contracts';
import { newUser } from './entities.js';
import { DEFAULT_USER_FIELDS, pickInput, presentUser } from './user-fields.js';

describe('the user field table', () => {
  const ada = newUser({ id: 'u1', email: 'ada@example.com', name: 'Ada', stripeCustomerId: 'cus_1' }, new Date(0));

  it('gives a new user every field of the table, with the initial values', () => {
    expect(Object.keys(ada).sort()).toEqual([...USER_FIELD_NAMES].sort());
    expect(ada).toMatchObject({ emailVerified: false, role: 'user', notification: 'enabled', tokenBalance: 0, banned: false, banExpires: null, createdAt: new Date(0) });
  });

  it('drives the input rules: the contract input fields are exactly the input fields, name required', () => {
    const inputs = USER_FIELD_NAMES.filter((name) => DEFAULT_USER_FIELDS[name].input);
    expect(inputs).toEqual(Object.keys(userInput));
    expect(DEFAULT_USER_FIELDS.name.required).toBe(true);
    expect(pickInput({ name: 'x', role: 'admin', tokenBalance: 5, bio: 'b' }, DEFAULT_USER_FIELDS)).toEqual({ name: 'x', bio: 'b' });
  });

  it('drives the wire shape: answers carry every field but the secret ones, and pass the contract', () => {
    const shown = presentUser(ada);
    expect(shown).not.toHaveProperty('stripeCustomerId');
    expect(Object.keys(shown).sort()).toEqual(Object.keys(user.shape).sort());
    expect(user.strict().safeParse(JSON.parse(JSON.stringify(shown))).success).toBe(true);
  });
});
