// The one table of the user's fields. Adding a field to the user is one entry here (plus the
// Prisma schema and a migration): the stored entity (`UserOf`, identity's `User`), a new user's
// values, the row mapping, the session lookup's columns, the user of every answer (`user`) and
// the input rules of sign-up and update-user (`userInput`) are all read from it.
import { z } from 'zod';
import { LIMITS, httpURL, line, text, timestamp } from './primitives.js';

export interface UserFieldSpec {
  /** The value in answers (dates as ISO strings). */
  readonly wire: z.ZodType;
  /** Stored as a Date; the wire carries its ISO string. */
  readonly date?: true;
  /** Settable by the client on sign-up and update-user, under this schema; absent: never input. */
  readonly input?: z.ZodType;
  /** Must be given on sign-up (`{field} is required`). */
  readonly required?: true;
  /** In every answer's user (the others are optional in the schema: configuration may hide them). */
  readonly always?: true;
  /** Never leaves the server. */
  readonly secret?: true;
  /** What a new user holds until something sets it; absent: sign-up supplies it. */
  readonly initial?: string | number | boolean | null;
}

export const USER_FIELDS = {
  id: { wire: z.string(), always: true },
  /** Stored lowercase; unique. */
  email: { wire: z.string(), always: true },
  emailVerified: { wire: z.boolean(), always: true, initial: false },
  name: { wire: z.string(), always: true, input: text({ min: 1, max: LIMITS.name, trim: true }), required: true },
  image: { wire: z.string().nullable(), always: true, input: httpURL().nullable(), initial: null },
  createdAt: { wire: timestamp(), date: true, always: true },
  updatedAt: { wire: timestamp(), date: true, always: true },
  // domain fields
  age: { wire: z.number().nullable(), input: z.number().int().min(0).max(150).nullable(), initial: null },
  bio: { wire: z.string().nullable(), input: text({ max: LIMITS.longText, multiline: true, trim: true }).nullable(), initial: null },
  gender: { wire: z.string().nullable(), input: text({ max: 100, trim: true }).nullable(), initial: null },
  location: { wire: z.string().nullable(), input: text({ max: LIMITS.shortText, trim: true }).nullable(), initial: null },
  isPremium: { wire: z.boolean(), initial: false },
  notification: { wire: z.enum(['enabled', 'disabled']), input: z.enum(['enabled', 'disabled']), initial: 'enabled' },
  tokenBalance: { wire: z.number(), initial: 0 },
  stripeCustomerId: { wire: z.string().nullable(), secret: true, initial: null },
  // username (stored lowercase; unique)
  username: { wire: z.string().nullable(), input: line(), initial: null },
  displayUsername: { wire: z.string().nullable(), input: line(), initial: null },
  // admin (never input)
  role: { wire: z.string(), initial: 'user' },
  banned: { wire: z.boolean(), initial: false },
  banReason: { wire: z.string().nullable(), initial: null },
  banExpires: { wire: timestamp().nullable(), date: true, initial: null },
  /** A second factor is on (set only by confirming it; never input). */
  twoFactorEnabled: { wire: z.boolean(), initial: false },
} as const satisfies Record<string, UserFieldSpec>;

export type UserFieldName = keyof typeof USER_FIELDS;

type Stored<F extends UserFieldSpec> = F extends { date: true } ? (null extends z.output<F['wire']> ? Date | null : Date) : z.output<F['wire']>;

/** The user as stored: every field of the table, dates as Date, absent values as null. */
export type UserOf<Fields extends Record<string, UserFieldSpec> = typeof USER_FIELDS> = { -readonly [K in keyof Fields]: Stored<Fields[K]> };

/** The field names, in table order (the columns of the `user` table that the entity reads). */
export const USER_FIELD_NAMES = Object.keys(USER_FIELDS) as UserFieldName[];
/** The fields stored as dates (to revive from JSON copies). */
export const USER_DATE_FIELDS = USER_FIELD_NAMES.filter((name) => 'date' in USER_FIELDS[name]);

/** What a new user holds until something sets it (the `initial` of each field). */
export const USER_INITIAL_VALUES: Readonly<Record<string, string | number | boolean | null>> = Object.fromEntries(
  USER_FIELD_NAMES.flatMap((name) => {
    const spec: UserFieldSpec = USER_FIELDS[name];
    return spec.initial === undefined ? [] : [[name, spec.initial]];
  }),
);

type InputName = { [K in UserFieldName]: (typeof USER_FIELDS)[K] extends { input: z.ZodType } ? K : never }[UserFieldName];
type InputSchemas = { [K in InputName]: (typeof USER_FIELDS)[K] extends { input: infer S } ? S : never };
type WireName = { [K in UserFieldName]: (typeof USER_FIELDS)[K] extends { secret: true } ? never : K }[UserFieldName];
type WireSchemas = {
  [K in WireName]: (typeof USER_FIELDS)[K] extends { always: true } ? (typeof USER_FIELDS)[K]['wire'] : z.ZodOptional<(typeof USER_FIELDS)[K]['wire']>;
};

function build<T>(pick: (name: UserFieldName, spec: UserFieldSpec) => z.ZodType | undefined): T {
  const shape: Record<string, z.ZodType> = {};
  for (const name of USER_FIELD_NAMES) {
    const schema = pick(name, USER_FIELDS[name]);
    if (schema) shape[name] = schema;
  }
  return shape as T;
}

/** Every client-settable user field (sign-up and update-user); others are stripped, never stored. */
export const userInput: InputSchemas = build((_, spec) => spec.input);

/** The user of every answer: the non-secret fields, those not `always` optional. */
export const userWire: WireSchemas = build((_, spec) => (spec.secret ? undefined : spec.always ? spec.wire : spec.wire.optional()));
