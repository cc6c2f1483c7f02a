import type { AccountRepository } from '../ports.js';

/** The sessions of a user, all ended at once (sessions' SessionManager). */
export interface ClaimSessions {
  revokeAll(userId: string): Promise<void>;
}

/** A kind of credential besides accounts and sessions that a user may hold (API keys). */
export interface ClaimableCredentials {
  /** A name for the audit log (`api-keys`). */
  readonly kind: string;
  /** Revokes every one the user holds; answers how many went. */
  revokeAllOf(userId: string): Promise<number>;
}

/** What a claim removed, for the audit log. */
export interface AccountClaimedEvent {
  userId: string;
  /** How the address was proven: `social` / `id-token` (a provider vouched for it), later `email-link`. */
  method: string;
  provider: string | null;
  /** The provider ids of the accounts removed (`credential` is the password). */
  unlinked: string[];
  /** The other credentials revoked (`sessions` always, then each kind that held any). */
  revoked: string[];
  ipAddress: string | null;
  userAgent: string | null;
}

/** Where a claim is recorded (the gateway hands it to the audit log as `account.claimed`). */
export interface ClaimAudit {
  accountClaimed(event: AccountClaimedEvent): void;
}

export interface ClaimUnverifiedAccountDeps {
  accounts: Pick<AccountRepository, 'listByUser' | 'delete'>;
  sessions: ClaimSessions;
  /** The other kinds of credential a user may hold (API keys). */
  credentials?: readonly ClaimableCredentials[];
  audit?: ClaimAudit | null;
}

export interface ClaimUnverifiedAccountInput {
  userId: string;
  method: string;
  provider?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * Someone has just proven they own the address of an account whose email was never verified
 * (a provider vouched for it; later, an emailed link or code). Whoever registered the account
 * never proved it, so everything they set up to get back in is revoked before the owner is let
 * in: the password, every linked account, every session and the other credentials (API keys).
 * The caller then links or signs in the owner and marks the email verified.
 */
export class ClaimUnverifiedAccount {
  constructor(private readonly deps: ClaimUnverifiedAccountDeps) {}

  async execute(input: ClaimUnverifiedAccountInput): Promise<AccountClaimedEvent> {
    const { accounts, sessions, credentials = [], audit } = this.deps;
    const { userId } = input;
    const unlinked: string[] = [];
    for (const account of await accounts.listByUser(userId)) {
      await accounts.delete(account.id);
      unlinked.push(account.providerId);
    }
    const revoked = ['sessions'];
    for (const kind of credentials) if ((await kind.revokeAllOf(userId)) > 0) revoked.push(kind.kind);
    // Last: a session made while the rest was being removed is ended too.
    await sessions.revokeAll(userId);
    const event: AccountClaimedEvent = {
      userId,
      method: input.method,
      provider: input.provider ?? null,
      unlinked,
      revoked,
      ipAddress: input.ipAddress ?? null,
      userAgent: input.userAgent ?? null,
    };
    audit?.accountClaimed(event);
    return event;
  }
}
