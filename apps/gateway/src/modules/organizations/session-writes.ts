import type { Container } from 'inversify';
import type { ActiveOrganizationStore } from '@tend/organizations';
import type { SessionChanges } from '@tend/sessions';
import { ORGANIZATIONS } from './tokens.js';

/** The active organization lives in the session row: changing it changes cached sessions. */
export function organizationSessionWrites(c: Container, changes: SessionChanges): void {
  c.onActivation(ORGANIZATIONS.OrganizationStores, (_, stores) => ({ ...stores, activeOrganizations: new ObservedActiveOrganizations(stores.activeOrganizations, changes) }));
}

class ObservedActiveOrganizations implements ActiveOrganizationStore {
  constructor(
    private readonly inner: ActiveOrganizationStore,
    private readonly changes: SessionChanges,
  ) {}

  async setActive(sessionToken: string, organizationId: string | null) {
    const set = await this.inner.setActive(sessionToken, organizationId);
    await this.changes.sessionUpdated(sessionToken);
    return set;
  }

  async clearForMember(userId: string, organizationId: string) {
    await this.inner.clearForMember(userId, organizationId);
    await this.changes.userSessionsUpdated(userId);
  }

  async clearForOrganization(organizationId: string) {
    await this.inner.clearForOrganization(organizationId);
    await this.changes.allSessionsUpdated();
  }
}
