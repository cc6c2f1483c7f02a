import { hasOrganizationPermission, isBuiltInRole, isKnownRole, ORGANIZATION_ROLES, ORGANIZATION_STATEMENTS, parseRoles, renameRole } from './permissions.js';

describe('the organization roles (spec section 6)', () => {
  it('gives the owner organization update and delete, member, invitation, team and runtime role rights', () => {
    expect(ORGANIZATION_ROLES.owner).toEqual({
      organization: ['update', 'delete'],
      member: ['create', 'update', 'delete'],
      invitation: ['create', 'cancel'],
      team: ['create', 'update', 'delete'],
      ac: ['create', 'read', 'update', 'delete'],
    });
  });

  it('gives the admin everything the owner has but deleting the organization', () => {
    expect(ORGANIZATION_ROLES.admin).toEqual({ ...ORGANIZATION_ROLES.owner, organization: ['update'] });
  });

  it('gives the member nothing but reading the runtime roles', () => {
    for (const [resource, actions] of Object.entries(ORGANIZATION_STATEMENTS)) {
      for (const action of actions) expect(hasOrganizationPermission('member', { [resource]: [action] })).toBe(resource === 'ac' && action === 'read');
    }
  });

  it('grants only actions of the statement table', () => {
    for (const [role, granted] of Object.entries(ORGANIZATION_ROLES)) {
      for (const [resource, actions] of Object.entries(granted)) {
        expect((ORGANIZATION_STATEMENTS as Record<string, readonly string[]>)[resource]).toEqual(expect.arrayContaining([...actions]));
        expect(hasOrganizationPermission(role, { [resource]: actions })).toBe(true);
      }
    }
  });
});

describe('hasOrganizationPermission', () => {
  it('allows a comma-separated role when any of its roles authorizes', () => {
    expect(hasOrganizationPermission('member,admin', { member: ['delete'] })).toBe(true);
    expect(hasOrganizationPermission(' member , owner ', { organization: ['delete'] })).toBe(true);
    expect(hasOrganizationPermission('member,admin', { organization: ['delete'] })).toBe(false);
  });

  it('needs one role to grant every requested action', () => {
    expect(hasOrganizationPermission('admin', { organization: ['update'], team: ['delete'] })).toBe(true);
    expect(hasOrganizationPermission('admin', { organization: ['update', 'delete'] })).toBe(false);
  });

  it('grants nothing for unknown roles, resources or actions, or an empty request', () => {
    expect(hasOrganizationPermission('superuser', { member: ['delete'] })).toBe(false);
    expect(hasOrganizationPermission('owner', { billing: ['update'] })).toBe(false);
    expect(hasOrganizationPermission('owner', { member: ['ban'] })).toBe(false);
    expect(hasOrganizationPermission('owner', {})).toBe(false);
    expect(hasOrganizationPermission('owner', { member: [] })).toBe(false);
    expect(hasOrganizationPermission('toString', { member: ['delete'] })).toBe(false);
    expect(hasOrganizationPermission('owner', { constructor: ['delete'] })).toBe(false);
  });
});

describe('roles', () => {
  it('parses comma-separated roles and lists', () => {
    expect(parseRoles('admin, member,,admin')).toEqual(['admin', 'member']);
    expect(parseRoles(['owner', ' admin '])).toEqual(['owner', 'admin']);
  });

  it('knows owner, admin and member only', () => {
    expect(isKnownRole('admin,member')).toBe(true);
    expect(isKnownRole(['owner'])).toBe(true);
    expect(isKnownRole('coach')).toBe(false);
    expect(isKnownRole('')).toBe(false);
  });
});

describe('runtime roles in hasOrganizationPermission', () => {
  const runtime = new Map([['coach', { member: ['update'], ac: ['read'] }]]);

  it('grants a runtime role exactly its permissions', () => {
    expect(hasOrganizationPermission('coach', { member: ['update'] }, runtime)).toBe(true);
    expect(hasOrganizationPermission('coach', { member: ['update'], ac: ['read'] }, runtime)).toBe(true);
    expect(hasOrganizationPermission('coach', { member: ['delete'] }, runtime)).toBe(false);
    expect(hasOrganizationPermission('coach', { organization: ['update'] }, runtime)).toBe(false);
  });

  it('grants an unknown runtime role nothing, and never lets one stand in for a built-in role', () => {
    expect(hasOrganizationPermission('coach', { member: ['update'] })).toBe(false);
    expect(hasOrganizationPermission('member', { member: ['update'] }, new Map([['member', { member: ['update'] }]]))).toBe(false);
  });

  it('combines with built-in roles as any comma-separated role does', () => {
    expect(hasOrganizationPermission('member,coach', { member: ['update'] }, runtime)).toBe(true);
    expect(hasOrganizationPermission('member,coach', { team: ['create'] }, runtime)).toBe(false);
  });

  it('knows the built-in roles and renames a runtime role inside comma-separated roles', () => {
    expect(['owner', 'admin', 'member'].every(isBuiltInRole)).toBe(true);
    expect(isBuiltInRole('coach')).toBe(false);
    expect(isBuiltInRole('toString')).toBe(false);
    expect(renameRole('member,coach', 'coach', 'trainer')).toBe('member,trainer');
    expect(renameRole('coaches', 'coach', 'trainer')).toBe('coaches');
    expect(renameRole('coach,trainer', 'coach', 'trainer')).toBe('trainer');
  });
});
