// The auth entities of the spec (section 3) as plain data: the shared vocabulary of every
// package and adapter. Dates are Date objects; optional fields are null when absent.

export type NotificationStatus = 'enabled' | 'disabled';

export interface User {
  id: string;
  /** Stored lowercase; unique. */
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
  // domain fields
  age: number | null;
  bio: string | null;
  gender: string | null;
  location: string | null;
  isPremium: boolean;
  notification: NotificationStatus;
  tokenBalance: number;
  stripeCustomerId: string | null;
  // username
  username: string | null;
  displayUsername: string | null;
  // admin (never settable as input)
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: Date | null;
}

export interface Session {
  id: string;
  /** 32 random characters; unique. */
  token: string;
  userId: string;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
  activeOrganizationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Account {
  id: string;
  accountId: string;
  /** 'credential' or a social provider id. */
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  /** comma-separated */
  scope: string | null;
  /** scrypt hash; credential accounts only. */
  password: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Verification {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const CREDENTIAL_PROVIDER = 'credential';

/** A user as created: the defaults of the schema applied to what sign-up supplies. */
export function newUser(fields: Pick<User, 'id' | 'email' | 'name'> & Partial<User>, now: Date): User {
  return {
    emailVerified: false,
    image: null,
    age: null,
    bio: null,
    gender: null,
    location: null,
    isPremium: false,
    notification: 'enabled',
    tokenBalance: 0,
    stripeCustomerId: null,
    username: null,
    displayUsername: null,
    role: 'user',
    banned: false,
    banReason: null,
    banExpires: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

export function newAccount(fields: Pick<Account, 'id' | 'accountId' | 'providerId' | 'userId'> & Partial<Account>, now: Date): Account {
  return {
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scope: null,
    password: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
