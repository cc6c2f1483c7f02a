// The factors a sign-in can prove, each with its kind and its channel. Policies count channels, not
// names: two factors that one stolen thing gives away (a mailed link and a mailed code: one
// mailbox) are one factor, whatever they are called.

/**
 * What sort of evidence a factor is: something known (`knowledge`), something held
 * (`possession`), something one is or unlocks a device with (`inherence`), another party's word
 * (`federation`: an identity provider, an organization's single sign-on), or an existing session's
 * (`session`).
 */
export type FactorKind = 'knowledge' | 'possession' | 'inherence' | 'federation' | 'session';

/** What a factor is and what an attacker must hold to forge it. */
export interface FactorTraits {
  readonly kind: FactorKind;
  /**
   * The thing that proves it: the memorised password, the mailbox, the authenticator app's
   * device, the printed backup codes, the passkey's authenticator… Factors of one channel fall
   * together (whoever holds the channel holds both), so they count once.
   */
  readonly channel: string;
  /** In words, for the docs and the audit log. */
  readonly label: string;
}

/** The factors identity knows, with their traits (see docs/two-factor.md, "Factors"). */
export const CORE_FACTORS = {
  password: { kind: 'knowledge', channel: 'password', label: 'a password' },
  provider: { kind: 'federation', channel: 'identity-provider', label: 'a linked account at an identity provider' },
  sso: { kind: 'federation', channel: 'organization-sso', label: "an organization's single sign-on" },
  email: { kind: 'possession', channel: 'mailbox', label: 'a link or code mailed to the address' },
  otp: { kind: 'possession', channel: 'mailbox', label: 'a second-factor code mailed to the address' },
  totp: { kind: 'possession', channel: 'authenticator-app', label: 'a code of the authenticator app' },
  'backup-code': { kind: 'possession', channel: 'backup-codes', label: 'a backup code' },
  passkey: { kind: 'possession', channel: 'passkey', label: 'a passkey' },
  'user-verification': { kind: 'inherence', channel: 'passkey-unlock', label: "the PIN or biometric that unlocks the passkey's device" },
  session: { kind: 'session', channel: 'session', label: 'an existing session of the person' },
} as const satisfies Record<string, FactorTraits>;

type CoreFactorTable = { readonly [F in keyof typeof CORE_FACTORS]: FactorTraits };

/**
 * Every factor by name. Open to declarations: a package that proves a new factor adds it here by
 * declaration merging (`declare module '@tend/identity' { interface FactorDeclarations { sms:
 * FactorTraits } }`) and hands its traits to the gateway (its module's `factors`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FactorDeclarations extends CoreFactorTable {}

/**
 * What a sign-in has proven about the person: `password` (email or username), `provider` (an
 * identity provider's callback or id token), `email` (a mailed link or code, or email
 * verification), `passkey`, `user-verification` (the passkey's PIN or biometric), `sso`, the
 * second factors `totp`, `otp` and `backup-code`, and `session` (an existing session vouches:
 * a replaced session, an administrator's impersonation), and those packages declare.
 */
export type Factor = keyof FactorDeclarations & string;

/** The traits of the factors a gateway knows: identity's and those its modules declare. */
export type FactorTable = Readonly<Partial<Record<Factor, FactorTraits>>>;

/** Identity's factors and `declared` ones over them (a declaration may not redefine a core factor). */
export function factorTable(declared: Readonly<Record<string, FactorTraits>> = {}): FactorTable {
  const clash = Object.keys(declared).filter((name) => Object.hasOwn(CORE_FACTORS, name));
  if (clash.length) throw new Error(`Factors already defined: ${clash.join(', ')}`);
  return Object.freeze({ ...CORE_FACTORS, ...declared });
}

/**
 * The independent channels `factors` prove: factors sharing a channel prove it once, and a factor
 * without traits (unknown to `table`) proves none, so it can never spare a sign-in a challenge.
 */
export function channelsOf(factors: readonly string[], table: FactorTable = CORE_FACTORS): Set<string> {
  const channels = new Set<string>();
  for (const factor of factors) {
    const traits = Object.hasOwn(table, factor) ? table[factor as Factor] : undefined;
    if (traits) channels.add(traits.channel);
  }
  return channels;
}
