import { uuid } from '@tend/kernel';
import { session, user, type OrganizationStoresHarness } from './harness.js';

/** The behaviour every ActiveOrganizationStore adapter must have; run it once per adapter. */
export function activeOrganizationStoreContract(name: string, open: () => Promise<OrganizationStoresHarness>): void {
  describe(`ActiveOrganizationStore contract: ${name}`, () => {
    let h: OrganizationStoresHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(() => h.close());

    it("sets and clears one session's active organization, and answers false for an unknown session", async () => {
      const ada = await user(h);
      const mine = await session(h, ada.id);
      const other = await session(h, ada.id);
      expect(await h.stores.activeOrganizations.setActive(mine.token, 'org-1')).toBe(true);
      expect(await h.activeOrganizationOf(mine.token)).toBe('org-1');
      expect(await h.activeOrganizationOf(other.token)).toBeNull();
      expect(await h.stores.activeOrganizations.setActive(mine.token, null)).toBe(true);
      expect(await h.activeOrganizationOf(mine.token)).toBeNull();
      expect(await h.stores.activeOrganizations.setActive(uuid(), 'org-1')).toBe(false);
    });

    it("clears an organization from a member's sessions only", async () => {
      const organizationId = uuid();
      const ada = await user(h);
      const bob = await user(h);
      const adaIn = await session(h, ada.id, organizationId);
      const adaElsewhere = await session(h, ada.id, uuid());
      const bobIn = await session(h, bob.id, organizationId);
      await h.stores.activeOrganizations.clearForMember(ada.id, organizationId);
      expect(await h.activeOrganizationOf(adaIn.token)).toBeNull();
      expect(await h.activeOrganizationOf(adaElsewhere.token)).toBe(adaElsewhere.activeOrganizationId);
      expect(await h.activeOrganizationOf(bobIn.token)).toBe(organizationId);
    });

    it('clears an organization from every session that has it active', async () => {
      const organizationId = uuid();
      const ada = await user(h);
      const bob = await user(h);
      const sessions = [await session(h, ada.id, organizationId), await session(h, bob.id, organizationId)];
      const elsewhere = await session(h, bob.id, uuid());
      await h.stores.activeOrganizations.clearForOrganization(organizationId);
      for (const s of sessions) expect(await h.activeOrganizationOf(s.token)).toBeNull();
      expect(await h.activeOrganizationOf(elsewhere.token)).toBe(elsewhere.activeOrganizationId);
    });
  });
}
