import { renderingFailed } from './escape.js';
import { PRODUCT_NAME, expiryLine, greetingBesideCode, greetingFor, renderMail, type RenderedMail } from './layout.js';

/** How the first step of a sign-in was taken: the code mail says so, and what to do if it was not the reader. */
export type FirstStep = 'password' | 'email' | 'provider' | 'passkey' | 'sso';

const FIRST_STEPS: Record<FirstStep, { how: string; advice: string }> = {
  password: { how: 'with your password', advice: 'change your password: someone knows it' },
  email: { how: 'with a sign-in link or code sent to this address', advice: 'secure your email account: someone can read it' },
  provider: { how: 'through an account linked to it', advice: 'check the linked accounts in your security settings' },
  passkey: { how: 'with a passkey', advice: 'remove the passkeys you do not recognise in your security settings' },
  sso: { how: "through your organization's single sign-on", advice: "tell your organization's administrator" },
};

/** The mail with a one-time code for the second step of a sign-in (two-factor authentication). */
export function twoFactorCodeEmail(input: { name: string; code: string; expiresInMinutes: number; firstStep?: FirstStep }): RenderedMail {
  if (!/^\d{6}$/.test(input.code)) throw renderingFailed('the code is not 6 digits');
  const step = input.firstStep ? FIRST_STEPS[input.firstStep] : null;
  return renderMail({
    subject: `Your ${PRODUCT_NAME} verification code`,
    preheader: 'The code for the second step of your sign-in is inside.',
    greeting: greetingBesideCode(input.name, input.code),
    paragraphs: [
      step
        ? `Someone signed in to your ${PRODUCT_NAME} account ${step.how} and asked for a code by email. Enter this code to finish signing in. The code works once.`
        : `Someone started signing in to your ${PRODUCT_NAME} account and asked for a code by email. Enter this code to finish signing in. The code works once.`,
    ],
    code: { label: 'Your verification code', value: input.code },
    expiry: expiryLine('code', input.expiresInMinutes, 'minute'),
    closing: step
      ? `If this was not you, do not share the code with anyone, and ${step.advice}.`
      : 'If this was not you, do not share the code with anyone, and review the sign-in methods in your security settings.',
  });
}

/** The notice that two-factor authentication was turned off (by the person, or reset by an administrator). */
export function twoFactorDisabledEmail(input: { name: string; url: string; byAdministrator: boolean }): RenderedMail {
  return renderMail({
    subject: `Two-factor authentication is off for your ${PRODUCT_NAME} account`,
    preheader: 'Signing in now needs only your password.',
    greeting: greetingFor(input.name),
    paragraphs: [
      input.byAdministrator
        ? `An administrator turned off two-factor authentication for your ${PRODUCT_NAME} account, as you asked. Signing in now needs only your password.`
        : `Two-factor authentication was turned off for your ${PRODUCT_NAME} account. Signing in now needs only your password.`,
      'You can turn it on again in your security settings at any time.',
    ],
    action: { label: 'Open security settings', url: input.url },
    expiry: 'This link does not expire: it opens your security settings.',
    closing: 'If you did not do this, change your password now and turn two-factor authentication on again.',
  });
}

declare module '../mailer.port.js' {
  interface MailPurposes {
    /** Too many wrong second-factor answers locked the account's second step (twoFactorLockedEmail). */
    'two-factor-locked': true;
  }
}

/**
 * The notice that wrong second-factor codes locked the second step of signing in: someone who
 * knows the first step (the password, or the mailbox) is guessing, so the reader can act.
 */
export function twoFactorLockedEmail(input: { name: string; url: string; wrongAnswers: number; lockedForMinutes: number }): RenderedMail {
  const wait = input.lockedForMinutes % 60 === 0 ? `${input.lockedForMinutes / 60} hour${input.lockedForMinutes === 60 ? '' : 's'}` : `${input.lockedForMinutes} minutes`;
  return renderMail({
    subject: `Sign-in to your ${PRODUCT_NAME} account is paused`,
    preheader: 'Too many wrong two-factor codes were entered.',
    greeting: greetingFor(input.name),
    paragraphs: [
      `Someone entered ${input.wrongAnswers} wrong two-factor codes while signing in to your ${PRODUCT_NAME} account. To keep it safe, we refuse every code for the next ${wait}, even a right one. More wrong codes after that pause it for longer each time.`,
      'Whoever it was got past the first step of signing in, so they may know your password or read your email.',
    ],
    action: { label: 'Review your security settings', url: input.url },
    expiry: 'This link does not expire: it opens your security settings.',
    closing: 'If this was you, wait and try again with a fresh code. If it was not, change your password now and check the sign-in methods in your security settings. An administrator can lift the pause if you need to sign in sooner.',
  });
}
