import { z } from 'zod';
import type { User } from '@tend/kernel';

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

const input = { input: true, returned: true };
const internal = { input: false, returned: true };

export const DEFAULT_USER_FIELDS: UserFields = {
  id: internal,
  email: internal,
  emailVerified: internal,
  name: { ...input, required: true },
  image: input,
  createdAt: internal,
  updatedAt: internal,
  age: input,
  bio: input,
  gender: input,
  location: input,
  notification: input,
  isPremium: internal,
  tokenBalance: internal,
  stripeCustomerId: { input: false, returned: false },
  username: input,
  displayUsername: input,
  role: internal,
  banned: internal,
  banReason: internal,
  banExpires: internal,
};

/** Merges a partial override (e.g. `{ bio: { required: true } }`) into the defaults. */
export function userFields(overrides: Partial<Record<keyof User, Partial<UserFieldDefinition>>> = {}): UserFields {
  const merged = { ...DEFAULT_USER_FIELDS };
  for (const [key, value] of Object.entries(overrides) as [keyof User, Partial<UserFieldDefinition>][]) {
    merged[key] = { ...merged[key], ...value };
  }
  return merged;
}

const text = (max: number) => z.string().trim().max(max);

/**
 * The zod shape of every client-settable user field, for request schemas at the edge.
 * Unknown and non-input fields are stripped by the schema, never stored.
 */
export const USER_INPUT_SHAPE = {
  name: text(200).min(1),
  image: z.url({ protocol: /^https?$/ }).max(2048).nullable(),
  age: z.number().int().min(0).max(150).nullable(),
  bio: text(2000).nullable(),
  gender: text(100).nullable(),
  location: text(200).nullable(),
  notification: z.enum(['enabled', 'disabled']),
  username: z.string().max(200),
  displayUsername: z.string().max(200),
};

export type UserInput = Partial<{ [K in keyof typeof USER_INPUT_SHAPE]: z.infer<(typeof USER_INPUT_SHAPE)[K]> }>;

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
