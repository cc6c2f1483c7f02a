import { z } from 'zod';
import { organizationsConfig, type OrganizationsConfig } from '@tend/organizations';
import type { ModuleSettings } from '../module.js';
import { onOff } from '../settings.js';

declare module '../../config.js' {
  interface FeatureSettings {
    /** Organization rules (AUTH_ORGANIZATION_*, AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION). */
    organizations: OrganizationsConfig;
  }
}

const limit = z.coerce.number().int().min(1).max(1_000_000);

/** AUTH_ORGANIZATION_MEMBERSHIP_LIMIT, AUTH_ORGANIZATION_LIMIT, AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION, AUTH_ORGANIZATION_TEAMS. */
export const organizationsSettings: ModuleSettings<'organizations'> = {
  key: 'organizations',
  env: {
    AUTH_ORGANIZATION_MEMBERSHIP_LIMIT: limit.default(100),
    AUTH_ORGANIZATION_LIMIT: limit.optional(),
    AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION: onOff.default('on'),
    AUTH_ORGANIZATION_TEAMS: onOff.default('on'),
  },
  fromEnv: (env) =>
    organizationsConfig({
      membershipLimit: env.AUTH_ORGANIZATION_MEMBERSHIP_LIMIT as number,
      organizationLimit: (env.AUTH_ORGANIZATION_LIMIT as number | undefined) ?? null,
      allowUserToCreateOrganization: env.AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION === 'on',
      teams: { enabled: env.AUTH_ORGANIZATION_TEAMS === 'on' },
    }),
};
