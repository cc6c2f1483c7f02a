import type { MemoryTables } from '@tend/kernel';
import type { ActiveOrganizationStore } from '../../ports.js';

/** The active organization on the sessions of the shared memory tables. */
export class MemoryActiveOrganizationStore implements ActiveOrganizationStore {
  constructor(private readonly tables: MemoryTables) {}

  async setActive(sessionToken: string, organizationId: string | null): Promise<boolean> {
    const session = this.tables.sessions.get(sessionToken);
    if (!session) return false;
    this.tables.sessions.set(sessionToken, { ...session, activeOrganizationId: organizationId });
    return true;
  }

  async clearForMember(userId: string, organizationId: string): Promise<void> {
    for (const [token, session] of this.tables.sessions) {
      if (session.userId === userId && session.activeOrganizationId === organizationId) {
        this.tables.sessions.set(token, { ...session, activeOrganizationId: null });
      }
    }
  }

  async clearForOrganization(organizationId: string): Promise<void> {
    for (const [token, session] of this.tables.sessions) {
      if (session.activeOrganizationId === organizationId) this.tables.sessions.set(token, { ...session, activeOrganizationId: null });
    }
  }
}
