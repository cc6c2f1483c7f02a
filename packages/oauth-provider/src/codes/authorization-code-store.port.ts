import type { AuthorizationCodeRecord, ConsumeResult } from './authorization-code.js';

/** Where authorization codes live between the consent and the token request. */
export interface AuthorizationCodeStore {
  save(code: AuthorizationCodeRecord): Promise<void>;
  /**
   * Marks the code used at `now` and answers it. Atomic: of concurrent consumes of one code,
   * exactly one is `consumed`; the others (and every later one) are `replayed`.
   */
  consume(codeHash: string, now: Date): Promise<ConsumeResult>;
  /** Deletes codes that expired before `now`; answers how many. */
  deleteExpired(now: Date): Promise<number>;
}
