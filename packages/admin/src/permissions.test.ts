import { ADMIN_ACTIONS, ADMIN_STATEMENTS, adminPermission, authorizeAdmin, DEFAULT_ROLES, hasAdminPermission, parseRoles } from './permissions.js';

describe('site permissions (spec section 6)', () => {
  it('lets admin do every user and session action, and user none', () => {
    for (const [resource, actions] of Object.entries(ADMIN_STATEMENTS)) {
      for (const action of actions) {
        expect(hasAdminPermission({ role: 'admin' }, { [resource]: [action] })).toBe(true);
        expect(hasAdminPermission({ role: 'user' }, { [resource]: [action] })).toBe(false);
      }
    }
    expect(ADMIN_STATEMENTS).toEqual({
      user: ['create', 'list', 'get', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
      session: ['list', 'revoke', 'delete'],
    });
    expect(DEFAULT_ROLES.user).toEqual({});
  });

  it('allows a comma-separated role when any one of its roles authorizes', () => {
    expect(hasAdminPermission({ role: 'user, admin' }, { user: ['ban'] })).toBe(true);
    expect(hasAdminPermission({ role: 'user,coach' }, { user: ['ban'] })).toBe(false);
  });

  it('always allows a user id of the configured admin list', () => {
    expect(hasAdminPermission({ userId: 'u1', role: 'user' }, { user: ['delete'] }, { adminUserIds: ['u1'] })).toBe(true);
    expect(hasAdminPermission({ userId: 'u2', role: 'user' }, { user: ['delete'] }, { adminUserIds: ['u1'] })).toBe(false);
  });

  it('grants nothing for unknown roles, resources or actions, or for an empty request', () => {
    expect(hasAdminPermission({ role: 'owner' }, { user: ['list'] })).toBe(false);
    expect(hasAdminPermission({ role: 'admin' }, { organization: ['delete'] })).toBe(false);
    expect(hasAdminPermission({ role: 'admin' }, { user: ['fly'] })).toBe(false);
    expect(hasAdminPermission({ role: 'admin' }, {})).toBe(false);
    expect(hasAdminPermission({ role: 'admin' }, { user: [] })).toBe(false);
    expect(hasAdminPermission({ role: 'admin' }, { toString: ['x'] })).toBe(false);
  });

  it('needs every requested action of every resource', () => {
    const roles = { support: { user: ['list'], session: ['list'] } };
    expect(hasAdminPermission({ role: 'support' }, { user: ['list'], session: ['list'] }, { roles })).toBe(true);
    expect(hasAdminPermission({ role: 'support' }, { user: ['list', 'ban'] }, { roles })).toBe(false);
  });

  it('reads an empty role as the default role', () => {
    expect(hasAdminPermission({ role: '' }, { user: ['list'] }, { defaultRole: 'admin' })).toBe(true);
    expect(hasAdminPermission({ role: null }, { user: ['list'] })).toBe(false);
  });

  it('names the permission and the 403 of every admin route', () => {
    expect(adminPermission('ban-user')).toEqual({ permissions: { user: ['ban'] }, denied: expect.objectContaining({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS' }) });
    expect(adminPermission('set-role').permissions).toEqual({ user: ['set-role'] });
    expect(adminPermission('revoke-user-sessions').permissions).toEqual({ session: ['revoke'] });
    expect(adminPermission('get-user')).toEqual({ permissions: { user: ['get'] }, denied: expect.objectContaining({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER' }) });
    expect(Object.keys(ADMIN_ACTIONS)).toHaveLength(13);
  });

  it('answers the route\'s 403 from authorizeAdmin', () => {
    expect(() => authorizeAdmin({ role: 'user' }, 'remove-user')).toThrow(expect.objectContaining({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS', message: 'You are not allowed to delete users' }));
    expect(() => authorizeAdmin({ role: 'admin' }, 'remove-user')).not.toThrow();
  });

  it('parses role strings and lists', () => {
    expect(parseRoles(' admin , user,admin,')).toEqual(['admin', 'user']);
    expect(parseRoles(['admin', ' coach '])).toEqual(['admin', 'coach']);
    expect(parseRoles('')).toEqual([]);
  });
});
