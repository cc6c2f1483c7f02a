import type { Database } from '@tend/database';
import type { ActiveOrganizationStore } from '../../ports.js';

/** The active organization in the `session` table's activeOrganizationId column. */
export class PrismaActiveOrganizationStore implements ActiveOrganizationStore {
  constructor(private readonly db: Database) {}

  async setActive(sessionToken: string, organizationId: string | null): Promise<boolean> {
    const { count } = await this.db.session.updateMany({ where: { token: sessionToken }, data: { activeOrganizationId: organizationId } });
    return count === 1;
  }

  async clearForMember(userId: string, organizationId: string): Promise<void> {
    await this.db.session.updateMany({ where: { userId, activeOrganizationId: organizationId }, data: { activeOrganizationId: null } });
  }

  async clearForOrganization(organizationId: string): Promise<void> {
    // No index on activeOrganizationId yet: this scans the session table (deleting an organization is rare).
    await this.db.session.updateMany({ where: { activeOrganizationId: organizationId }, data: { activeOrganizationId: null } });
  }
}
