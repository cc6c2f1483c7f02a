/** How sign-in by mailed link or code behaves; the gateway fills it from its variables. */
export interface EmailSignInSettings {
  /** Seconds a mailed sign-in link lives (300). */
  linkLifetime: number;
  /** Seconds a mailed code lives (300). */
  codeLifetime: number;
  /** Wrong codes allowed; the attempt after them is refused and kills the code (3). */
  maxAttempts: number;
  /** Links and codes mailed to one address per window, whatever the client (5 per 600 s). */
  mailsPerAddress: { max: number; window: number };
  /** An unknown address gets an account (verified) on its first sign-in (true). */
  signUp: boolean;
  /** A code that verifies the email also signs the person in (AUTH_AUTO_SIGN_IN_AFTER_VERIFICATION). */
  autoSignInAfterVerification: boolean;
}

export const DEFAULT_EMAIL_SIGN_IN_SETTINGS: EmailSignInSettings = Object.freeze({
  linkLifetime: 300,
  codeLifetime: 300,
  maxAttempts: 3,
  mailsPerAddress: Object.freeze({ max: 5, window: 600 }),
  signUp: true,
  autoSignInAfterVerification: false,
});

/** The settings with defaults for what is not given. */
export function emailSignInSettings(overrides: Partial<EmailSignInSettings> = {}): EmailSignInSettings {
  return { ...DEFAULT_EMAIL_SIGN_IN_SETTINGS, ...overrides };
}
