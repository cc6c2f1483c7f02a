import { z } from 'zod';
import type { ModuleSettings } from '../module.js';
import { onOff } from '../settings.js';

/** Site administration as configured. */
export interface AdminSettings {
  /** User ids always allowed every admin permission (AUTH_ADMIN_USER_IDS). */
  adminUserIds: string[];
  /** Admins may impersonate other admins (AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS). */
  allowImpersonatingAdmins: boolean;
}

declare module '../../config.js' {
  interface FeatureSettings {
    admin: AdminSettings;
  }
}

export const adminSettings: ModuleSettings<'admin'> = {
  key: 'admin',
  env: {
    AUTH_ADMIN_USER_IDS: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((entry) => entry.trim()).filter(Boolean) : [])),
    AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS: onOff.default('off'),
  },
  fromEnv: (env) => ({ adminUserIds: env.AUTH_ADMIN_USER_IDS as string[], allowImpersonatingAdmins: env.AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS === 'on' }),
};
