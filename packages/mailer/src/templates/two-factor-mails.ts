import { renderingFailed } from './escape.js';
import { PRODUCT_NAME, expiryLine, greetingBesideCode, greetingFor, renderMail, type RenderedMail } from './layout.js';

/** The mail with a one-time code for the second step of a sign-in (two-factor authentication). */
export function twoFactorCodeEmail(input: { name: string; code: string; expiresInMinutes: number }): RenderedMail {
  if (!/^\d{6}$/.test(input.code)) throw renderingFailed('the code is not 6 digits');
  return renderMail({
    subject: `Your ${PRODUCT_NAME} verification code`,
    preheader: 'The code for the second step of your sign-in is inside.',
    greeting: greetingBesideCode(input.name, input.code),
    paragraphs: [`Someone signed in to your ${PRODUCT_NAME} account with your password and asked for a code by email. Enter this code to finish signing in. The code works once.`],
    code: { label: 'Your verification code', value: input.code },
    expiry: expiryLine('code', input.expiresInMinutes, 'minute'),
    closing: 'If this was not you, do not share the code with anyone, and change your password: someone knows it.',
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
