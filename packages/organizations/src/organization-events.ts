// The events the organizations' changes emit (docs/webhooks.md): their types, declared by the
// organizations module, and the stores whose writes record them in their own transaction.
import type { DomainEvent, EventRecorder } from '@tend/kernel';
import type { Member, Organization } from './entities.js';
import type { OrganizationStores, Outcome } from './ports.js';

export const ORGANIZATION_EVENT_TYPES = {
  'organization.created': 'An organization was created',
  'organization.deleted': 'An organization was deleted',
  'member.added': 'A user joined an organization (its creator, an accepted invitation, an administrator, SSO or SCIM)',
  'member.removed': 'A member left or was removed from an organization',
  'member.role_updated': 'A member’s role changed',
} as const;

export type OrganizationEventType = keyof typeof ORGANIZATION_EVENT_TYPES;

/** `{organization: {id, name, slug}}`. */
export function organizationEvent(type: 'organization.created' | 'organization.deleted', organization: Organization): DomainEvent {
  return { type, data: { organization: { id: organization.id, name: organization.name, slug: organization.slug } } };
}

/** `{organizationId, member: {id, userId, role}}`. */
export function memberEvent(type: 'member.added' | 'member.removed' | 'member.role_updated', member: Member): DomainEvent {
  return { type, data: { organizationId: member.organizationId, member: { id: member.id, userId: member.userId, role: member.role } } };
}

const whenOk =
  <T>(event: (value: T) => DomainEvent[]) =>
  (outcome: Outcome<T, string>): DomainEvent[] =>
    outcome.ok ? event(outcome.value) : [];

/** A copy of `inner` with some methods replaced (the rest answered by `inner` itself). */
function overriding<T extends object>(inner: T, overrides: Partial<T>): T {
  return new Proxy(inner, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The organization stores whose writes emit their events: an organization created (with
 * `member.added` for its owner) or deleted, a member added (directly or by accepting an
 * invitation), removed or given another role. A refused write emits nothing.
 */
export function eventRecordingStores(stores: OrganizationStores, events: EventRecorder): OrganizationStores {
  const { organizations, members, invitations } = stores;
  return {
    ...stores,
    organizations: overriding(organizations, {
      create: (input, limits) =>
        events.record(
          () => organizations.create(input, limits),
          whenOk((created) => [organizationEvent('organization.created', created.organization), memberEvent('member.added', created.owner)]),
        ),
      delete: (id) =>
        events.record(
          () => organizations.delete(id),
          (deleted) => (deleted ? [organizationEvent('organization.deleted', deleted)] : []),
        ),
    }),
    members: overriding(members, {
      add: (member, options) => events.record(() => members.add(member, options), whenOk((added) => [memberEvent('member.added', added)])),
      updateRole: (memberId, role, guard) => events.record(() => members.updateRole(memberId, role, guard), whenOk((updated) => [memberEvent('member.role_updated', updated)])),
      remove: (memberId, guard) => events.record(() => members.remove(memberId, guard), whenOk((removed) => [memberEvent('member.removed', removed)])),
    }),
    invitations: overriding(invitations, {
      accept: (id, member, options) => events.record(() => invitations.accept(id, member, options), whenOk((accepted) => [memberEvent('member.added', accepted.member)])),
    }),
  };
}
