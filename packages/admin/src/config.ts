import { DEFAULT_PASSWORD_POLICY, DEFAULT_USER_FIELDS, DEFAULT_USERNAME_POLICY, PlaceholderEmails, type PasswordPolicy, type UserFields, type UsernamePolicy } from '@tend/identity';
import { DEFAULT_PERMISSION_CONFIG, type PermissionConfig } from './permissions.js';

/** Everything about site administration that can be configured; one object for every use case. */
export interface AdminConfig extends PermissionConfig {
  /** Roles that count as administrators: such users cannot be impersonated unless allowed. */
  adminRoles: readonly string[];
  /** Lifetime of an impersonation session, seconds (spec section 9: 3600). */
  impersonationSessionDuration: number;
  /** Whether an admin may impersonate another admin. Default false. */
  allowImpersonatingAdmins: boolean;
  /** Reason stored when a ban gives none (spec: 'No reason'). */
  defaultBanReason: string;
  /** Ban length in seconds when a ban gives none; null: until unbanned. */
  defaultBanExpiresIn: number | null;
  /** When set, set-role and create-user accept only these role names; null: any name. */
  assignableRoles: readonly string[] | null;
  /** Rules for passwords an admin sets (identity's checkPassword: length, common passwords). */
  passwordPolicy: PasswordPolicy;
  /** Which user fields create-user's `data` may set (identity's definitions: input fields only). */
  userFields: UserFields;
  usernamePolicy: UsernamePolicy;
  /** The placeholder addresses of providers that share no email: create-user refuses them, as sign-up does. */
  placeholders: PlaceholderEmails;
}

export const DEFAULT_ADMIN_CONFIG: AdminConfig = Object.freeze({
  ...DEFAULT_PERMISSION_CONFIG,
  adminRoles: Object.freeze(['admin']),
  impersonationSessionDuration: 3600,
  allowImpersonatingAdmins: false,
  defaultBanReason: 'No reason',
  defaultBanExpiresIn: null,
  assignableRoles: null,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  userFields: DEFAULT_USER_FIELDS,
  usernamePolicy: DEFAULT_USERNAME_POLICY,
  placeholders: new PlaceholderEmails(),
});

/** The defaults with `overrides` applied. */
export function adminConfig(overrides: Partial<AdminConfig> = {}): AdminConfig {
  return { ...DEFAULT_ADMIN_CONFIG, ...overrides };
}

/** Page size of admin listings: the default and the largest (spec section 9, find-many default 100). */
export const ADMIN_PAGE_LIMIT = 100;
