import type { Clock } from '@tend/kernel';
import type { RevocationRegistry } from '../../revocation-registry.port.js';

export interface MemoryRevocationRegistryOptions {
  /** How long a mark is kept: the cookie cache's max age, in ms (older copies are refused anyway). */
  retainMs: number;
}

/** Sweep expired marks every this many writes. */
const SWEEP_EVERY = 256;

/**
 * Revocations in this process: exact for a single instance (one clock, no delay), and what the
 * gateway uses without Redis. Marks expire once no copy they refuse can still be fresh.
 */
export class MemoryRevocationRegistry implements RevocationRegistry {
  /** token -> when its mark can go. */
  private readonly sessions = new Map<string, number>();
  /** userId -> copies made at or before `at` are refused, until `until`. */
  private readonly users = new Map<string, { at: number; until: number }>();
  private writes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly options: MemoryRevocationRegistryOptions,
  ) {}

  async revokeSession(token: string): Promise<void> {
    const now = this.clock.now().getTime();
    this.sessions.set(token, now + this.options.retainMs);
    this.wrote(now);
  }

  async revokeUser(userId: string, at: Date): Promise<void> {
    const atMs = Math.max(at.getTime(), this.users.get(userId)?.at ?? -Infinity);
    this.users.set(userId, { at: atMs, until: atMs + this.options.retainMs });
    this.wrote(this.clock.now().getTime());
  }

  async isRevoked(token: string, userId: string, cachedAt: Date): Promise<boolean> {
    const now = this.clock.now().getTime();
    const session = this.sessions.get(token);
    if (session !== undefined && session > now) return true;
    const user = this.users.get(userId);
    return user !== undefined && user.until > now && cachedAt.getTime() <= user.at;
  }

  private wrote(now: number): void {
    this.writes += 1;
    if (this.writes % SWEEP_EVERY !== 0) return;
    for (const [token, until] of this.sessions) if (until <= now) this.sessions.delete(token);
    for (const [userId, mark] of this.users) if (mark.until <= now) this.users.delete(userId);
  }
}
