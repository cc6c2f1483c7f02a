import { z } from 'zod';
import { DEFAULT_MAX_DEVICE_SESSIONS } from '@tend/multi-session';
import type { ModuleSettings } from '../module.js';
import { onOff } from '../settings.js';

/** What the environment decides about several accounts per browser and the new-device mail. */
export interface MultiSessionConfig {
  /** How many accounts one browser holds at most (AUTH_MULTI_SESSION_MAX, default 5): the next sign-in drops the oldest. */
  maxSessions: number;
  /** Mail the account on a sign-in from a browser new to it (AUTH_NEW_DEVICE_MAIL, default on). */
  newDeviceMail: boolean;
}

declare module '../../config.js' {
  interface FeatureSettings {
    /** Multi-session and the new-device mail (AUTH_MULTI_SESSION_MAX, AUTH_NEW_DEVICE_MAIL). */
    multiSession: MultiSessionConfig;
  }
}

/** AUTH_MULTI_SESSION_MAX, AUTH_NEW_DEVICE_MAIL. */
export const multiSessionSettings: ModuleSettings<'multiSession'> = {
  key: 'multiSession',
  env: {
    AUTH_MULTI_SESSION_MAX: z.coerce.number().int().min(1).max(20).default(DEFAULT_MAX_DEVICE_SESSIONS),
    AUTH_NEW_DEVICE_MAIL: onOff.default('on'),
  },
  fromEnv: (env) => ({ maxSessions: env.AUTH_MULTI_SESSION_MAX as number, newDeviceMail: env.AUTH_NEW_DEVICE_MAIL === 'on' }),
};
