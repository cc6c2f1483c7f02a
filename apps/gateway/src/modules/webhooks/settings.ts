import { z } from 'zod';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '@tend/webhooks';
import type { ModuleSettings } from '../module.js';
import { onOff, SettingsError } from '../settings.js';

/** Webhooks as configured (docs/webhooks.md). */
export interface WebhookSettings {
  /** How long a receiver has to answer (AUTH_WEBHOOK_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** Seconds before each retry (AUTH_WEBHOOK_RETRY_SCHEDULE, default 5,300,1800,7200,18000,36000). */
  retrySchedule: number[];
  /** Private, loopback and link-local destinations allowed (AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS=on). */
  allowPrivateNetworks: boolean;
  /** How often each instance looks for due deliveries besides being woken (AUTH_WEBHOOK_POLL_INTERVAL_MS, default 1000). */
  pollIntervalMs: number;
  /** How long delivered and failed deliveries are kept (days; 30). */
  retentionDays: number;
}

declare module '../../config.js' {
  interface FeatureSettings {
    webhooks: WebhookSettings;
  }
}

export const webhookSettings: ModuleSettings<'webhooks'> = {
  key: 'webhooks',
  env: {
    AUTH_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    AUTH_WEBHOOK_RETRY_SCHEDULE: z.string().default(DEFAULT_RETRY_SCHEDULE.join(',')),
    AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS: onOff.default('off'),
    AUTH_WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1_000),
  },
  fromEnv: (env) => {
    let retrySchedule: number[];
    try {
      retrySchedule = parseRetrySchedule(env.AUTH_WEBHOOK_RETRY_SCHEDULE as string);
    } catch (error) {
      throw new SettingsError([`AUTH_WEBHOOK_RETRY_SCHEDULE: ${(error as Error).message}`]);
    }
    return {
      timeoutMs: env.AUTH_WEBHOOK_TIMEOUT_MS as number,
      retrySchedule,
      allowPrivateNetworks: env.AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'on',
      pollIntervalMs: env.AUTH_WEBHOOK_POLL_INTERVAL_MS as number,
      retentionDays: 30,
    };
  },
};
