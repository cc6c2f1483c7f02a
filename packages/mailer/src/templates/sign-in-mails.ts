import { renderingFailed } from './escape.js';
import { PRODUCT_NAME, expiryLine, greetingBesideCode, greetingFor, renderMail, type RenderedMail } from './layout.js';

/** The mail with a sign-in link (no password needed): one click signs the person in. */
export function magicLinkEmail(input: { name: string; url: string; expiresInMinutes: number }): RenderedMail {
  return renderMail({
    subject: `Sign in to ${PRODUCT_NAME}`,
    preheader: 'Your sign-in link is inside.',
    greeting: greetingFor(input.name),
    paragraphs: [`Use the button below to sign in to ${PRODUCT_NAME}. No password needed. The link works once.`],
    action: { label: `Sign in to ${PRODUCT_NAME}`, url: input.url },
    expiry: expiryLine('link', input.expiresInMinutes, 'minute'),
    closing: 'If you did not ask to sign in, you can safely ignore this email: nobody can use it without access to your inbox.',
  });
}

/** What a mailed one-time code is for. */
export type EmailCodePurpose = 'sign-in' | 'email-verification' | 'forget-password';

const CODE_MAILS: Record<EmailCodePurpose, { subject: string; preheader: string; paragraph: string; label: string; closing: string }> = {
  'sign-in': {
    subject: `Your ${PRODUCT_NAME} sign-in code`,
    preheader: 'Your sign-in code is inside.',
    paragraph: `Enter this code on the sign-in page to sign in to ${PRODUCT_NAME}. No password needed. The code works once.`,
    label: 'Your sign-in code',
    closing: 'If you did not ask to sign in, you can safely ignore this email. Never share this code with anyone.',
  },
  'email-verification': {
    subject: `Your ${PRODUCT_NAME} verification code`,
    preheader: 'Confirm your email address with this code.',
    paragraph: `Enter this code in ${PRODUCT_NAME} to confirm your email address, so we know this account is yours.`,
    label: 'Your verification code',
    closing: `If you did not create a ${PRODUCT_NAME} account, you can safely ignore this email.`,
  },
  'forget-password': {
    subject: `Your ${PRODUCT_NAME} password reset code`,
    preheader: 'Choose a new password with this code.',
    paragraph: `We received a request to reset the password of your ${PRODUCT_NAME} account. Enter this code to choose a new one.`,
    label: 'Your password reset code',
    closing: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
};

/**
 * The mail with a one-time code (sign-in, email verification or password reset). The code is the
 * only number of six digits in it, on a line of its own, so people and autofill find it at once.
 */
export function emailCodeEmail(input: { purpose: EmailCodePurpose; name: string; code: string; expiresInMinutes: number }): RenderedMail {
  if (!/^\d{4,10}$/.test(input.code)) throw renderingFailed('the code is not 4 to 10 digits');
  const words = CODE_MAILS[input.purpose];
  return renderMail({
    subject: words.subject,
    preheader: words.preheader,
    greeting: greetingBesideCode(input.name, input.code),
    paragraphs: [words.paragraph],
    code: { label: words.label, value: input.code },
    expiry: expiryLine('code', input.expiresInMinutes, 'minute'),
    closing: words.closing,
  });
}
