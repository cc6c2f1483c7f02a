import { randomInt } from 'node:crypto';
import { addSeconds, constantTimeEqual, DAY, hmacSha256, raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { Factor, User } from '@tend/identity';
import { IDENTITY_ERRORS, type AccountRepository, type MailDelivery, type PasswordHasher, type UserRepository, type VerificationRepository } from '@tend/identity';
import { twoFactorCodeEmail, twoFactorDisabledEmail, twoFactorLockedEmail, type FirstStep } from '@tend/mailer';
import { backupCodeHash, newBackupCodes } from './backup-codes.js';
import { TWO_FACTOR_ERRORS } from './error-codes.js';
import type { TwoFactorRecord, TwoFactorRepository } from './ports.js';
import { SecretBox } from './secret-box.js';
import { matchingStep, newTotpSecret, setupKey, totpURI } from './totp.js';

/** The sign-in mark of a trusted device: the cookie name (without prefix) it travels in. */
export const TRUST_DEVICE_MARK = 'trust_device';
/** How long a trusted device skips the second factor (and its cookie lives). */
export const TRUST_DEVICE_SECONDS = 30 * DAY / 1000;
/** How long an emailed second-factor code works. */
export const EMAIL_CODE_SECONDS = 300;

export interface TwoFactorSettings {
  /** The issuer authenticator apps show (AUTH_TWO_FACTOR_ISSUER). */
  issuer: string;
  /** Where a person manages the second factor (the web app's security page), linked from the notice mail. */
  securityURL: string;
}

export interface TwoFactorDeps {
  users: Pick<UserRepository, 'findById' | 'update'>;
  accounts: Pick<AccountRepository, 'findCredential'>;
  hasher: PasswordHasher;
  store: TwoFactorRepository;
  verifications: Pick<VerificationRepository, 'create' | 'findByIdentifier' | 'consume' | 'deleteByIdentifier'>;
  delivery: MailDelivery;
  clock: Clock;
  /** The app secret (AUTH_SECRET): the TOTP secrets' encryption key and the codes' HMAC key derive from it. */
  secret: string;
  settings: TwoFactorSettings;
  newId?: IdGenerator;
}

/**
 * The second factor of a user, its mechanics: enrolment of an authenticator app (TOTP, RFC 6238),
 * backup codes, emailed codes and trusted devices. Secrets are sealed at rest, backup codes and
 * emailed codes stored as HMACs; each TOTP step, backup code and emailed code is accepted once
 * (one conditional write decides parallel uses). The rules of turning it on, answering a
 * challenge and an administrator's reset are use cases (`use-cases/`) over it.
 */
export class TwoFactor {
  private readonly box: SecretBox;
  private readonly newId: IdGenerator;

  constructor(private readonly deps: TwoFactorDeps) {
    this.box = new SecretBox(deps.secret);
    this.newId = deps.newId ?? uuid;
  }

  /** A new secret and backup codes for the user (replacing any earlier enrolment); nothing is on until `turnOn`. */
  async enrol(user: User, issuer: string = this.deps.settings.issuer): Promise<{ totpURI: string; backupCodes: string[] }> {
    const secret = newTotpSecret();
    const now = this.deps.clock.now();
    const backupCodes = newBackupCodes();
    const record: TwoFactorRecord = { id: this.newId(), userId: user.id, secret: this.box.seal(secret, user.id), lastStep: null, createdAt: now, updatedAt: now };
    await this.deps.store.enroll(record, this.hashes(user.id, backupCodes));
    return { totpURI: totpURI(issuer, user.email, secret), backupCodes };
  }

  /** Whether the user has an enrolment (from `enrol` on, on or not yet). */
  async isEnrolled(userId: string): Promise<boolean> {
    return (await this.deps.store.find(userId)) !== null;
  }

  /** Sets the user's `twoFactorEnabled` (the first valid code after `enrol`). */
  turnOn(user: User): Promise<User> {
    return this.deps.users.update(user.id, { twoFactorEnabled: true, updatedAt: this.deps.clock.now() });
  }

  /** POST /two-factor/get-totp-uri: the enrolment's URI again (a new device). */
  async totpURI(input: { user: User; password: string }): Promise<{ totpURI: string; secret: string }> {
    const user = await this.fresh(input.user);
    await this.checkPassword(user, input.password);
    const { secret } = await this.enrolment(user);
    return { totpURI: totpURI(this.deps.settings.issuer, user.email, secret), secret: setupKey(secret) };
  }

  /** The setup key shown beside the QR code (the base32 secret), for the signed-in owner right after `enable`. */
  async setupKeyOf(userId: string): Promise<string | null> {
    const record = await this.deps.store.find(userId);
    const secret = record ? this.box.open(record.secret, userId) : null;
    return secret ? setupKey(secret) : null;
  }

  /** POST /two-factor/disable: the enrolment, the backup codes and the trusted devices go; a notice is mailed. */
  async disable(input: { user: User; password: string }): Promise<User> {
    const user = await this.fresh(input.user);
    await this.checkPassword(user, input.password);
    if (!user.twoFactorEnabled && !(await this.deps.store.find(user.id))) throw raise(TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
    return this.turnOff(user, false);
  }

  /** Removes the second factor without a notice (an unverified account claimed by the address's owner); 1 when there was one. */
  async revokeAllOf(userId: string): Promise<number> {
    const removed = await this.deps.store.remove(userId);
    const user = await this.deps.users.findById(userId);
    if (user?.twoFactorEnabled) await this.deps.users.update(userId, { twoFactorEnabled: false, updatedAt: this.deps.clock.now() });
    return removed || user?.twoFactorEnabled ? 1 : 0;
  }

  /** POST /two-factor/generate-backup-codes: 10 new codes; the old ones stop working. */
  async regenerateBackupCodes(input: { user: User; password: string }): Promise<string[]> {
    const user = await this.fresh(input.user);
    await this.checkPassword(user, input.password);
    if (!user.twoFactorEnabled) throw raise(TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
    const codes = newBackupCodes();
    await this.deps.store.replaceBackupCodes(user.id, this.hashes(user.id, codes), this.deps.clock.now());
    return codes;
  }

  /** Whether `code` is the user's TOTP code of the current or next step, not used before (using it). */
  async checkTotp(user: User, code: string): Promise<boolean> {
    const record = await this.deps.store.find(user.id);
    const secret = record ? this.box.open(record.secret, user.id) : null;
    if (!secret) return false;
    const now = this.deps.clock.now();
    const step = matchingStep(secret, code.trim(), now);
    return step !== null && this.deps.store.useStep(user.id, step, now);
  }

  /** Whether `code` is one of the user's unused backup codes (using it up). */
  async checkBackupCode(user: User, code: string): Promise<boolean> {
    if (!user.twoFactorEnabled) return false;
    return this.deps.store.useBackupCode(user.id, backupCodeHash(this.deps.secret, user.id, code));
  }

  /**
   * POST /two-factor/send-otp: mails a 6-digit code (5 minutes, once), replacing the live one. The
   * mail says how the first step was taken (the pending sign-in's first factor), when it names one.
   */
  async sendEmailCode(user: User, proven: readonly Factor[] = []): Promise<void> {
    const firstStep = firstStepOf(proven);
    const identifier = emailCodeIdentifier(user.id);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.deps.clock.now();
    await this.deps.verifications.deleteByIdentifier(identifier);
    await this.deps.verifications.create({ id: this.newId(), identifier, value: this.emailCodeDigest(user.id, code), expiresAt: addSeconds(now, EMAIL_CODE_SECONDS), createdAt: now, updatedAt: now });
    const id = this.newId();
    this.deps.delivery.background(
      () => ({ to: user.email, purpose: 'two-factor-otp', idempotencyKey: `two-factor-otp/${id}`, ...twoFactorCodeEmail({ name: user.name, code, expiresInMinutes: EMAIL_CODE_SECONDS / 60, firstStep }) }),
      () => this.deps.verifications.deleteByIdentifier(identifier),
    );
  }

  /** Whether `code` is the live emailed code of the user (using it up). */
  async checkEmailCode(user: User, code: string): Promise<boolean> {
    const identifier = emailCodeIdentifier(user.id);
    const now = this.deps.clock.now();
    const record = await this.deps.verifications.findByIdentifier(identifier, now);
    if (!record || !constantTimeEqual(record.value, this.emailCodeDigest(user.id, code.trim()))) return false;
    return (await this.deps.verifications.consume(identifier, now)) !== null;
  }

  /** Mails the notice that wrong answers locked the user's second step (the first lock of a run). */
  noticeLockout(user: User, lock: { wrongAnswers: number; seconds: number }): void {
    const id = this.newId();
    this.deps.delivery.background(() => ({
      to: user.email,
      purpose: 'two-factor-locked',
      idempotencyKey: `two-factor-locked/${id}`,
      ...twoFactorLockedEmail({ name: user.name, url: this.deps.settings.securityURL, wrongAnswers: lock.wrongAnswers, lockedForMinutes: Math.ceil(lock.seconds / 60) }),
    }));
  }

  /** The value of a trust cookie for the user's current enrolment (30 days). */
  async trustMark(user: User): Promise<string | null> {
    const record = await this.deps.store.find(user.id);
    if (!record) return null;
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + TRUST_DEVICE_SECONDS;
    return `${user.id}:${record.id}:${expires}`;
  }

  /** Whether a (verified) trust mark is the user's, of the current enrolment, and unexpired. */
  async isTrusted(user: User, mark: string | undefined): Promise<boolean> {
    if (!mark) return false;
    const [userId, enrolmentId, expires] = mark.split(':');
    if (userId !== user.id || !enrolmentId || !(Number(expires) * 1000 > this.deps.clock.now().getTime())) return false;
    const record = await this.deps.store.find(user.id);
    return record !== null && constantTimeEqual(record.id, enrolmentId);
  }

  /** Removes the enrolment, the backup codes and with them every trust mark; turns it off and mails the notice. */
  async turnOff(user: User, byAdministrator: boolean): Promise<User> {
    await this.deps.store.remove(user.id);
    const updated = await this.deps.users.update(user.id, { twoFactorEnabled: false, updatedAt: this.deps.clock.now() });
    const id = this.newId();
    this.deps.delivery.background(() => ({
      to: user.email,
      purpose: 'two-factor-disabled',
      idempotencyKey: `two-factor-disabled/${id}`,
      ...twoFactorDisabledEmail({ name: user.name, url: this.deps.settings.securityURL, byAdministrator }),
    }));
    return updated;
  }

  private async enrolment(user: User): Promise<{ record: TwoFactorRecord; secret: Uint8Array }> {
    const record = await this.deps.store.find(user.id);
    const secret = record ? this.box.open(record.secret, user.id) : null;
    if (!record || !secret) throw raise(TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
    return { record, secret };
  }

  /** The user as stored now (a session's copy may be older). */
  async fresh(user: User): Promise<User> {
    return (await this.deps.users.findById(user.id)) ?? user;
  }

  /** 400 INVALID_PASSWORD unless `password` is the user's. */
  async checkPassword(user: User, password: string): Promise<void> {
    const account = await this.deps.accounts.findCredential(user.id);
    if (!account?.password || !(await this.deps.hasher.verify(account.password, password))) throw raise(IDENTITY_ERRORS.INVALID_PASSWORD);
  }

  private hashes(userId: string, codes: readonly string[]): string[] {
    return codes.map((code) => backupCodeHash(this.deps.secret, userId, code));
  }

  private emailCodeDigest(userId: string, code: string): string {
    return hmacSha256(this.deps.secret, `two-factor-otp:${userId}:${code}`);
  }
}

function emailCodeIdentifier(userId: string): string {
  return `two-factor-otp:${userId}`;
}

/** The first step of a sign-in in the words of the code mail, from the factors it proved (none for one the mail does not name). */
function firstStepOf(factors: readonly Factor[]): FirstStep | undefined {
  const first = factors[0];
  return first === 'password' || first === 'email' || first === 'provider' || first === 'passkey' || first === 'sso' ? first : undefined;
}
