import { raise } from '@tend/kernel';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';

/** POST /organization/check-slug: `{ status: true }` when the slug is free, else 400 slug is taken. */
export class CheckOrganizationSlug {
  constructor(private readonly stores: Pick<OrganizationStores, 'organizations'>) {}

  async execute(input: { slug: string }): Promise<{ status: true }> {
    if (await this.stores.organizations.findBySlug(input.slug)) throw raise(ORGANIZATION_ERRORS.SLUG_IS_TAKEN);
    return { status: true };
  }
}
