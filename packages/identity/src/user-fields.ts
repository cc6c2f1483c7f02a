import { USER_FIELD_NAMES, USER_FIELDS, type UserFieldSpec } from '@tend/contracts';
import type { User } from './entities.js';

/**
 * How each user field meets the outside world: `input` fields may be set by the client on
 * sign-up and update-user (others are ignored), `returned: false` fields never leave the
 * server. Admin fields (role, banned, banReason, banExpires) are never input.
 */
export interface UserFieldDefinition {
  input: boolean;
  returned: boolean;
  /** Must be supplied on create (400 `{field} is required`). */
  required?: boolean;
}

export type UserFields = Record<keyof User, UserFieldDefinition>;

/** The definitions of the user field table (`USER_FIELDS` in @tend/contracts), read once. */
export const DEFAULT_USER_FIELDS: UserFields = Object.fromEntries(
  USER_FIELD_NAMES.map((name) => {
    const spec: UserFieldSpec = USER_FIELDS[name];
    return [name, { input: spec.input !== undefined, returned: !spec.secret, ...(spec.required ? { required: true } : {}) }];
  }),
) as UserFields;

/** Merges a partial override (e.g. `{ bio: { required: true } }`) into the defaults. */
export function userFields(overrides: Partial<Record<keyof User, Partial<UserFieldDefinition>>> = {}): UserFields {
  const merged = { ...DEFAULT_USER_FIELDS };
  for (const [key, value] of Object.entries(overrides) as [keyof User, Partial<UserFieldDefinition>][]) {
    merged[key] = { ...merged[key], ...value };
  }
  return merged;
}

/** The fields of `input` that the definitions allow as input. */
export function pickInput(input: Record<string, unknown>, fields: UserFields): Partial<User> {
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && fields[key as keyof User]?.input) picked[key] = value;
  }
  return picked as Partial<User>;
}

/** The user as clients see it: the core fields always, the others unless `returned: false`. */
export type PresentedUser = Partial<User> & Pick<User, 'id' | 'email' | 'emailVerified' | 'name' | 'image' | 'createdAt' | 'updatedAt'>;

/** The user as the client sees it: `returned: false` fields removed. */
export function presentUser(user: User, fields: UserFields = DEFAULT_USER_FIELDS): PresentedUser {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(user)) {
    if (fields[key as keyof User]?.returned !== false) shown[key] = value;
  }
  return shown as PresentedUser;
}
