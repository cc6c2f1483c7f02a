// The organization area's pure parts: the permission a role form sends, and the built-in roles'
// table the pages mirror (checked against the organizations package's own, which the gateway reads).
import path from 'node:path';
import { abilitiesOf, abilitiesWith, BUILT_IN_PERMISSIONS, isBuiltIn, STATEMENTS } from '../app/components/organizations/model';
import { manageableBy, permissionOf } from '../app/lib/organization-area.server';

/** The organizations package's table, loaded from its sources (the web app depends on no core package). */
function gatewayTable(): { ORGANIZATION_STATEMENTS: Record<string, readonly string[]>; ORGANIZATION_ROLES: Record<string, Record<string, readonly string[]>> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(__dirname, '..', '..', '..', 'packages', 'organizations', 'src', 'permissions.ts'));
}

describe('permissionOf', () => {
  it('keeps the checked resource:action pairs the gateway knows, grouped by resource, and drops the rest', () => {
    const form = new FormData();
    for (const value of ['member:update', 'member:fly', 'billing:read', 'ac:read', 'member:delete', 'nonsense', 'team:']) form.append('permission', value);
    expect(permissionOf(form)).toEqual({ member: ['update', 'delete'], ac: ['read'] });
    expect(permissionOf(new FormData())).toEqual({});
  });
});

describe('the built-in roles', () => {
  it('mirror the gateway: the same resources and actions, and the same grants per role', () => {
    const { ORGANIZATION_STATEMENTS, ORGANIZATION_ROLES } = gatewayTable();
    expect(STATEMENTS).toEqual(ORGANIZATION_STATEMENTS);
    expect(BUILT_IN_PERMISSIONS).toEqual(ORGANIZATION_ROLES);
  });

  it('give owners everything, admins all but deleting the organization, members reading the roles', () => {
    const owner = abilitiesOf('owner');
    expect(Object.values(owner).every(Boolean)).toBe(true);
    expect(abilitiesOf('admin')).toEqual({ ...owner, deleteOrganization: false, manageOwners: false });
    expect(abilitiesOf('member')).toEqual(Object.fromEntries(Object.keys(owner).map((key) => [key, key === 'readRoles'])));
    expect(abilitiesOf('admin, member')).toEqual(abilitiesOf('admin'));
    expect(isBuiltIn('admin,member')).toBe(true);
    expect(isBuiltIn('reviewer')).toBe(false);
  });

  it('let nobody change themselves, and only owners change owners', () => {
    const admin = abilitiesOf('admin');
    expect(manageableBy(admin, 'me', { userId: 'me', role: 'admin' })).toEqual({ changeRole: false, remove: false });
    expect(manageableBy(admin, 'me', { userId: 'o', role: 'owner' })).toEqual({ changeRole: false, remove: false });
    expect(manageableBy(admin, 'me', { userId: 'm', role: 'reviewer' })).toEqual({ changeRole: true, remove: true });
    expect(manageableBy(abilitiesOf('owner'), 'me', { userId: 'o', role: 'owner' })).toEqual({ changeRole: true, remove: true });
    expect(manageableBy(abilitiesOf('member'), 'me', { userId: 'm', role: 'member' })).toEqual({ changeRole: false, remove: false });
  });
});

describe('runtime roles', () => {
  it('grant what their permissions list, together with the built-in roles of the same role string', () => {
    const auditor = abilitiesWith('auditor', { auditor: { invitation: ['create'], ac: ['read'] } });
    expect(Object.entries(auditor).filter(([, allowed]) => allowed).map(([ability]) => ability)).toEqual(['invite', 'readRoles']);
    const withMember = abilitiesWith('auditor, member', { auditor: { team: ['update'] } });
    expect(withMember).toMatchObject({ manageTeams: true, readRoles: true, invite: false, manageOwners: false, manageSso: false });
    expect(abilitiesWith('auditor, admin', { auditor: {} })).toEqual(abilitiesOf('admin'));
  });

  it('grant nothing when their permissions are unknown', () => {
    expect(Object.values(abilitiesWith('ghost', {})).some(Boolean)).toBe(false);
  });
});
