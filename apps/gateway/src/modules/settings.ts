// What module settings are made with: the on/off switch every module's variables use, the error
// a module's settings raise for a bad combination, and the settings of a module when the
// configuration has none (tests, defaults).
import { z } from 'zod';
import type { FeatureSettings, GatewayConfig } from '../config.js';
import type { ModuleSettings } from './module.js';

/** An on/off variable. */
export const onOff = z.enum(['on', 'off']);

/** A module's refusal of its variables, as `NAME: problem` lines (reported like any bad variable). */
export class SettingsError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/**
 * A module's settings: those the configuration holds (`config.features[key]`, from the
 * environment or a test), else the defaults of its variables.
 */
export function settingsOf<K extends keyof FeatureSettings>(config: GatewayConfig, settings: ModuleSettings<K>): FeatureSettings[K] {
  const configured = config.features[settings.key];
  return configured ?? settings.fromEnv(z.object(settings.env).parse({}), config);
}
