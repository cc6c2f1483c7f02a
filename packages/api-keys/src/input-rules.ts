import { raise } from '@tend/kernel';
import type { ApiKeyPermissions } from './api-key.js';
import type { ApiKeyConfig } from './config.js';
import { API_KEY_ERRORS, invalidField } from './error-codes.js';

/** The largest value the INTEGER columns (remaining, refill, rate limit) hold. */
export const LARGEST_COUNT = 2_147_483_647;

const PREFIX_FORMAT = /^[A-Za-z0-9_-]+$/;

/** The settings create and update share; undefined leaves a setting alone. */
export interface ApiKeySettingsInput {
  /** Uses left; null is unlimited. */
  remaining?: number | null;
  /** What `remaining` is topped up to every `refillInterval`; give both or neither. */
  refillAmount?: number | null;
  /** Milliseconds between refills. */
  refillInterval?: number | null;
  rateLimitEnabled?: boolean;
  /** Milliseconds. */
  rateLimitTimeWindow?: number | null;
  rateLimitMax?: number | null;
  permissions?: ApiKeyPermissions | null;
  /** A JSON object. */
  metadata?: unknown;
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** `expiresIn` seconds from `now`, validated; null when it is null or absent. */
export function expiresAtOf(expiresIn: unknown, now: Date, config: ApiKeyConfig): Date | null {
  if (expiresIn === null || expiresIn === undefined) return null;
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn)) throw invalidField('expiresIn', 'Expected a whole number of seconds');
  if (expiresIn < config.expiresIn.min) throw raise(API_KEY_ERRORS.THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE);
  const at = new Date(now.getTime() + expiresIn * 1000);
  const tooLarge = (config.expiresIn.max !== null && expiresIn > config.expiresIn.max) || !Number.isSafeInteger(expiresIn) || Number.isNaN(at.getTime());
  if (tooLarge) throw raise(API_KEY_ERRORS.THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE);
  return at;
}

/** A key's name, validated; null when none is given (and none is required). */
export function nameOf(name: unknown, config: ApiKeyConfig): string | null {
  if (name === null || name === undefined) {
    if (config.requireName) throw raise(API_KEY_ERRORS.API_KEY_NAME_IS_REQUIRED);
    return null;
  }
  if (typeof name !== 'string') throw invalidField('name', 'Expected a string');
  if (name.length < config.nameLength.min || name.length > config.nameLength.max) {
    throw raise(API_KEY_ERRORS.THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL);
  }
  return name;
}

/** The prefix of a new key, validated; the configured default when none is given. */
export function prefixOf(prefix: unknown, config: ApiKeyConfig): string | null {
  if (prefix === null || prefix === undefined) return config.defaultPrefix;
  if (typeof prefix !== 'string') throw invalidField('prefix', 'Expected a string');
  if (prefix.length < config.prefixLength.min || prefix.length > config.prefixLength.max) {
    throw raise(API_KEY_ERRORS.THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL);
  }
  if (!PREFIX_FORMAT.test(prefix)) {
    throw invalidField('prefix', 'Invalid prefix format, must be alphanumeric and contain only underscores and hyphens.');
  }
  return prefix;
}

/** `remaining`: null (unlimited) or a whole number from 0. */
export function remainingOf(remaining: unknown): number | null {
  if (remaining === null) return null;
  if (typeof remaining !== 'number') throw invalidField('remaining', 'Expected a number');
  if (!isWhole(remaining) || remaining < 0 || remaining > LARGEST_COUNT) {
    throw raise(API_KEY_ERRORS.THE_REMAINING_COUNT_IS_EITHER_TOO_LARGE_OR_TOO_SMALL);
  }
  return remaining;
}

/** A positive whole count or duration that fits the INTEGER column; null when null. */
export function positiveOf(field: string, value: unknown): number | null {
  if (value === null) return null;
  if (!isWhole(value) || value < 1 || value > LARGEST_COUNT) throw invalidField(field, `Expected a whole number from 1 to ${LARGEST_COUNT}`);
  return value;
}

/**
 * The refill pair: both or neither. An interval without an amount answers "refillAmount is
 * required when refillInterval is provided", and the other way round.
 */
export function refillOf(amount: unknown, interval: unknown): { refillAmount: number | null; refillInterval: number | null } {
  const refillAmount = positiveOf('refillAmount', amount ?? null);
  const refillInterval = positiveOf('refillInterval', interval ?? null);
  if (refillInterval !== null && refillAmount === null) throw raise(API_KEY_ERRORS.REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED);
  if (refillAmount !== null && refillInterval === null) throw raise(API_KEY_ERRORS.REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED);
  return { refillAmount, refillInterval };
}

export function booleanOf(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidField(field, 'Expected a boolean');
  return value;
}

/** Permissions: null, or a record of resource -> list of actions. */
export function permissionsOf(permissions: unknown): ApiKeyPermissions | null {
  if (permissions === null) return null;
  const valid =
    isPlainObject(permissions) &&
    Object.values(permissions).every((actions) => Array.isArray(actions) && actions.every((action) => typeof action === 'string'));
  if (!valid) throw invalidField('permissions', 'Expected a record of resource to a list of actions');
  return structuredClone(permissions as ApiKeyPermissions);
}

/** Metadata: null, or a JSON object, when metadata is enabled. */
export function metadataOf(metadata: unknown, config: ApiKeyConfig): Record<string, unknown> | null {
  if (metadata === null) return null;
  if (!config.enableMetadata) throw raise(API_KEY_ERRORS.METADATA_IS_DISABLED);
  if (!isPlainObject(metadata)) throw raise(API_KEY_ERRORS.METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED);
  // Stored as JSON text: keep only what survives JSON (no undefined, functions or Dates as objects).
  return JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
