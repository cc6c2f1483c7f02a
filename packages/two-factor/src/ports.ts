/** A user's authenticator-app enrolment: exists from `enable`, in force once the user's `twoFactorEnabled` is on. */
export interface TwoFactorRecord {
  id: string;
  userId: string;
  /** The TOTP secret, sealed (SecretBox). */
  secret: string;
  /** The last step whose code was accepted (a code works once). */
  lastStep: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The second-factor tables. Every write that decides a race is one conditional statement. */
export interface TwoFactorRepository {
  find(userId: string): Promise<TwoFactorRecord | null>;
  /** Replaces the user's enrolment and backup codes (a new secret, nothing used yet). */
  enroll(record: TwoFactorRecord, backupCodeHashes: readonly string[]): Promise<void>;
  /** Records `step` as used if it is later than the last used one; of parallel calls with one step, one gets true. */
  useStep(userId: string, step: number, now: Date): Promise<boolean>;
  /** Replaces every backup code of the user. */
  replaceBackupCodes(userId: string, hashes: readonly string[], now: Date): Promise<void>;
  /** Deletes one backup code; true for the one caller that deleted it. */
  useBackupCode(userId: string, hash: string): Promise<boolean>;
  /** Deletes the enrolment and the backup codes; answers whether there was an enrolment. */
  remove(userId: string): Promise<boolean>;
}
