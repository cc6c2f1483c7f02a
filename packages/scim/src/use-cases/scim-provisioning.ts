import { newUser, type User, type UserRepository } from '@tend/identity';
import { AuthError, sha256Hex, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { ScimToken, ScimUser, ScimUserChanges } from '../entities.js';
import { SCIM_ERRORS, scimError } from '../error-codes.js';
import { parseUserNameFilter } from '../filter.js';
import type { ScimAccessRevoker, ScimMemberships, ScimProviders, ScimTokenRepository, ScimUserRepository } from '../ports.js';

/** The role of an active provisioned user in the organization. */
export const SCIM_MEMBER_ROLE = 'member';
/**
 * The ban reason that marks a deactivation by a directory. A SCIM deactivation is a ban (so every
 * way of signing in refuses it, in the sign-in completion's one check) with this reason; `active:
 * true` lifts only a ban with this reason, never one an administrator set.
 */
export const SCIM_DEACTIVATION_REASON = 'Deactivated by the organization directory (SCIM)';
/** Users per list page when the client names no count. */
const DEFAULT_COUNT = 100;

/** A User as a directory sends it (POST, PUT). */
export interface ScimUserInput {
  userName?: string | undefined;
  externalId?: string | undefined;
  displayName?: string | undefined;
  name?: { formatted?: string | undefined; givenName?: string | undefined; familyName?: string | undefined } | undefined;
  emails?: { value: string; primary?: boolean | undefined }[] | undefined;
  active?: boolean | undefined;
}

/** One PATCH operation (RFC 7644 §3.5.2). */
export interface ScimPatchOperation {
  op: string;
  path?: string | undefined;
  value?: unknown;
}

/** A provisioned user with the address of their account. */
export interface ProvisionedUser {
  user: ScimUser;
  email: string;
}

export interface ScimProvisioningDeps {
  tokens: Pick<ScimTokenRepository, 'findByHash'>;
  users: ScimUserRepository;
  accounts: Pick<UserRepository, 'findById' | 'findByEmail' | 'findByIds' | 'create' | 'update' | 'delete'>;
  memberships: Pick<ScimMemberships, 'join' | 'leave'>;
  providers: ScimProviders;
  access: ScimAccessRevoker;
  clock: Clock;
  newId?: IdGenerator;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notFound = () => scimError(SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND);
const taken = () => scimError(SCIM_ERRORS.SCIM_USERNAME_IS_ALREADY_TAKEN, 'uniqueness');
const invalid = () => scimError(SCIM_ERRORS.INVALID_SCIM_VALUE, 'invalidValue');

/**
 * The /scim/v2 Users of one token's organization. Every call is scoped to the token's
 * organization: another organization's user is not found. An active provisioned user is a member
 * (role `member`); deactivating one (`active: false`, or DELETE) bans them with
 * SCIM_DEACTIVATION_REASON and revokes their sessions and API keys at once; DELETE also removes
 * the membership and the SCIM record.
 */
export class ScimProvisioning {
  private readonly newId: IdGenerator;

  constructor(private readonly deps: ScimProvisioningDeps) {
    this.newId = deps.newId ?? uuid;
  }

  /** The token a bearer credential names, or 401 (the gateway adds `WWW-Authenticate: Bearer`). */
  async authenticate(bearer: string | null): Promise<ScimToken> {
    const token = bearer ? await this.deps.tokens.findByHash(sha256Hex(bearer)) : null;
    // A provider removed since: its token is worth nothing.
    if (!token || !(await this.deps.providers.belongsTo(token.providerId, token.organizationId))) throw scimError(SCIM_ERRORS.INVALID_SCIM_TOKEN);
    return token;
  }

  async create(token: ScimToken, input: ScimUserInput): Promise<ProvisionedUser> {
    const userName = requireUserName(input.userName);
    const email = emailOf(input, userName);
    if (await this.deps.users.findByUserName(token.organizationId, userName)) throw taken();
    // An account of that address that the directory did not make stays its owner's: never taken over.
    if (await this.deps.accounts.findByEmail(email)) throw taken();
    const now = this.deps.clock.now();
    const fields = fieldsOf(input);
    let account: User;
    try {
      account = await this.deps.accounts.create(newUser({ id: this.newId(), email, name: displayNameOf({ userName, ...fields }), emailVerified: false }, now));
    } catch (error) {
      if (error instanceof AuthError && error.status === 422) throw taken();
      throw error;
    }
    const active = input.active ?? true;
    const created = await this.deps.users.create({ organizationId: token.organizationId, userId: account.id, providerId: token.providerId, userName, ...fields, active, createdAt: now, updatedAt: now });
    if (!created.ok) {
      await this.deps.accounts.delete(account.id);
      throw taken();
    }
    if (active) {
      const joined = await this.deps.memberships.join(token.organizationId, account.id, SCIM_MEMBER_ROLE, token.providerId);
      if (joined === 'limit-reached' || joined === 'organization-not-found') {
        await this.deps.accounts.delete(account.id);
        throw scimError(SCIM_ERRORS.SCIM_ORGANIZATION_IS_FULL);
      }
    } else {
      await this.deactivate(account);
    }
    return { user: created.value, email: account.email };
  }

  async get(token: ScimToken, userId: string): Promise<ProvisionedUser> {
    const user = await this.deps.users.find(token.organizationId, userId);
    if (!user) throw notFound();
    return this.withEmail(user);
  }

  /** `filter`: only `userName eq "<value>"` (case-insensitive); `startIndex` is 1-based. */
  async list(token: ScimToken, query: { filter?: string | undefined; startIndex?: number | undefined; count?: number | undefined }): Promise<{ users: ProvisionedUser[]; total: number; startIndex: number }> {
    const startIndex = query.startIndex ?? 1;
    if (query.filter !== undefined) {
      const match = await this.deps.users.findByUserName(token.organizationId, parseUserNameFilter(query.filter));
      const users = match && startIndex === 1 && query.count !== 0 ? [await this.withEmail(match)] : [];
      return { users, total: match ? 1 : 0, startIndex };
    }
    const page = await this.deps.users.list(token.organizationId, { offset: startIndex - 1, limit: query.count ?? DEFAULT_COUNT });
    const accounts = new Map((await this.deps.accounts.findByIds(page.users.map((u) => u.userId))).map((a) => [a.id, a.email]));
    return { users: page.users.map((user) => ({ user, email: accounts.get(user.userId) ?? '' })), total: page.total, startIndex };
  }

  /** PUT: the directory's whole view of the user (what it leaves out is cleared; `active` defaults to true). */
  async replace(token: ScimToken, userId: string, input: ScimUserInput): Promise<ProvisionedUser> {
    const userName = requireUserName(input.userName);
    const { externalId = null, displayName = null, givenName = null, familyName = null } = fieldsOf(input);
    return this.change(token, userId, { userName, externalId, displayName, givenName, familyName, active: input.active ?? true });
  }

  /** PATCH: add, replace or remove of the attributes Tend keeps; others are ignored (Entra ID sends many). */
  async patch(token: ScimToken, userId: string, operations: readonly ScimPatchOperation[]): Promise<ProvisionedUser> {
    const changes: Omit<ScimUserChanges, 'updatedAt'> = {};
    for (const operation of operations) applyOperation(changes, operation);
    return this.change(token, userId, changes);
  }

  /** DELETE: deactivation, then the membership and the SCIM record go. */
  async remove(token: ScimToken, userId: string): Promise<void> {
    const user = await this.deps.users.find(token.organizationId, userId);
    if (!user) throw notFound();
    const account = await this.deps.accounts.findById(userId);
    if (account) await this.deactivate(account);
    await this.deps.memberships.leave(token.organizationId, userId);
    await this.deps.users.delete(token.organizationId, userId);
  }

  private async change(token: ScimToken, userId: string, changes: Omit<ScimUserChanges, 'updatedAt'>): Promise<ProvisionedUser> {
    const before = await this.deps.users.find(token.organizationId, userId);
    if (!before) throw notFound();
    const now = this.deps.clock.now();
    const updated = await this.deps.users.update(token.organizationId, userId, { ...changes, updatedAt: now });
    if (!updated.ok) throw updated.reason === 'taken' ? taken() : notFound();
    const user = updated.value;
    let account = await this.deps.accounts.findById(userId);
    if (!account) throw notFound();
    const name = displayNameOf(user);
    if (name !== account.name) account = await this.deps.accounts.update(userId, { name, updatedAt: now });
    if (before.active && !user.active) await this.deactivate(account);
    else if (!before.active && user.active) await this.activate(token, account);
    return { user, email: account.email };
  }

  /** A ban with SCIM's reason (an administrator's ban stays as it is), and every session and API key revoked. */
  private async deactivate(account: User): Promise<void> {
    if (!account.banned) await this.deps.accounts.update(account.id, { banned: true, banReason: SCIM_DEACTIVATION_REASON, banExpires: null, updatedAt: this.deps.clock.now() });
    await this.deps.access.revokeAll(account.id);
  }

  /** Lifts SCIM's own ban and makes the user a member again. */
  private async activate(token: ScimToken, account: User): Promise<void> {
    if (account.banned && account.banReason === SCIM_DEACTIVATION_REASON) await this.deps.accounts.update(account.id, { banned: false, banReason: null, banExpires: null, updatedAt: this.deps.clock.now() });
    await this.deps.memberships.join(token.organizationId, account.id, SCIM_MEMBER_ROLE, token.providerId);
  }

  private async withEmail(user: ScimUser): Promise<ProvisionedUser> {
    const account = await this.deps.accounts.findById(user.userId);
    if (!account) throw notFound();
    return { user, email: account.email };
  }
}

function requireUserName(userName: string | undefined): string {
  const trimmed = userName?.trim() ?? '';
  if (!trimmed) throw scimError(SCIM_ERRORS.SCIM_USERNAME_IS_REQUIRED, 'invalidValue');
  return trimmed;
}

/** The account's address: the primary email, else the first, else the userName (Okta and Entra use addresses as userNames). */
function emailOf(input: ScimUserInput, userName: string): string {
  const email = (input.emails?.find((e) => e.primary) ?? input.emails?.[0])?.value ?? userName;
  const lower = email.trim().toLowerCase();
  if (!EMAIL.test(lower)) throw invalid();
  return lower;
}

function fieldsOf(input: ScimUserInput): Pick<ScimUser, 'externalId' | 'displayName' | 'givenName' | 'familyName'> {
  return {
    externalId: input.externalId ?? null,
    displayName: input.displayName ?? input.name?.formatted ?? null,
    givenName: input.name?.givenName ?? null,
    familyName: input.name?.familyName ?? null,
  };
}

/** The account's name: the display name, else given and family names, else the userName. */
function displayNameOf(user: Pick<ScimUser, 'userName' | 'displayName' | 'givenName' | 'familyName'>): string {
  return user.displayName ?? ([user.givenName, user.familyName].filter(Boolean).join(' ') || user.userName);
}

const stringValue = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw invalid();
  return value;
};

const booleanValue = (value: unknown): boolean => {
  // Entra ID sends "True" / "False" as strings.
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalid();
};

/** Sets one attribute by its SCIM path; unknown paths are ignored. */
function setAttribute(changes: Omit<ScimUserChanges, 'updatedAt'>, path: string, value: unknown): void {
  switch (path.toLowerCase()) {
    case 'active':
      changes.active = booleanValue(value);
      return;
    case 'username': {
      const userName = stringValue(value)?.trim();
      if (!userName) throw scimError(SCIM_ERRORS.SCIM_USERNAME_IS_REQUIRED, 'invalidValue');
      changes.userName = userName;
      return;
    }
    case 'externalid':
      changes.externalId = stringValue(value);
      return;
    case 'displayname':
      changes.displayName = stringValue(value);
      return;
    case 'name.givenname':
      changes.givenName = stringValue(value);
      return;
    case 'name.familyname':
      changes.familyName = stringValue(value);
      return;
    case 'name':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid();
      for (const [key, inner] of Object.entries(value)) setAttribute(changes, `name.${key}`, inner);
      return;
  }
}

function applyOperation(changes: Omit<ScimUserChanges, 'updatedAt'>, operation: ScimPatchOperation): void {
  const op = operation.op.toLowerCase();
  if (op !== 'add' && op !== 'replace' && op !== 'remove') throw invalid();
  if (op === 'remove') {
    if (!operation.path) throw scimError(SCIM_ERRORS.INVALID_SCIM_VALUE, 'noTarget');
    if (operation.path.toLowerCase() === 'username' || operation.path.toLowerCase() === 'active') throw invalid();
    setAttribute(changes, operation.path, null);
    return;
  }
  if (operation.path) return setAttribute(changes, operation.path, operation.value);
  // No path: the value is an object of attributes (Okta's `{value: {active: false}}`).
  if (operation.value === null || typeof operation.value !== 'object' || Array.isArray(operation.value)) throw invalid();
  for (const [key, value] of Object.entries(operation.value)) setAttribute(changes, key, value);
}
