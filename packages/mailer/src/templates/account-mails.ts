import { PRODUCT_NAME, expiryLine, greetingFor, renderMail, type RenderedMail } from './layout.js';

/** The mail that confirms a new account's address (spec 4, "Email verification"). */
export function verificationEmail(input: { name: string; url: string; expiresInMinutes: number }): RenderedMail {
  return renderMail({
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    preheader: 'One step left: confirm your email address.',
    greeting: greetingFor(input.name),
    paragraphs: [`Welcome to ${PRODUCT_NAME}. Please confirm your email address so we know this account is yours.`],
    action: { label: 'Confirm my email', url: input.url },
    expiry: expiryLine('link', input.expiresInMinutes, 'minute'),
    closing: `If you did not create a ${PRODUCT_NAME} account, you can safely ignore this email.`,
  });
}

/** The mail with the password reset link (spec 4, "Password reset"). */
export function passwordResetEmail(input: { name: string; url: string; expiresInMinutes: number }): RenderedMail {
  return renderMail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    preheader: 'Choose a new password for your account.',
    greeting: greetingFor(input.name),
    paragraphs: [
      `We received a request to reset the password of your ${PRODUCT_NAME} account. You can choose a new one with the button below.`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    expiry: expiryLine('link', input.expiresInMinutes, 'minute'),
    closing: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  });
}

/** The mail, sent to the current address, that confirms a change to `newEmail` (spec 4, "Change email"). */
export function changeEmailConfirmation(input: {
  name: string;
  newEmail: string;
  url: string;
  expiresInMinutes: number;
}): RenderedMail {
  return renderMail({
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    preheader: 'Confirm the change of your email address.',
    greeting: greetingFor(input.name),
    paragraphs: [
      `You asked to change the email address of your ${PRODUCT_NAME} account to ${input.newEmail}. Please confirm the change.`,
    ],
    action: { label: 'Confirm the change', url: input.url },
    expiry: expiryLine('link', input.expiresInMinutes, 'minute'),
    closing: 'If you did not ask for this, you can ignore this email: your address stays the same.',
  });
}

/** The mail that confirms deleting an account through a mailed token (spec 4, "Account deletion"). */
export function deleteAccountConfirmation(input: { name: string; url: string; expiresInHours: number }): RenderedMail {
  return renderMail({
    subject: `Confirm deleting your ${PRODUCT_NAME} account`,
    preheader: 'Confirm that you want to delete your account.',
    greeting: greetingFor(input.name),
    paragraphs: [
      `You asked to delete your ${PRODUCT_NAME} account. Once you confirm, your account and everything in it are removed for good.`,
    ],
    action: { label: 'Delete my account', url: input.url },
    expiry: expiryLine('link', input.expiresInHours, 'hour'),
    closing:
      'If you did not ask for this, ignore this email and your account stays as it is. You may want to change your password.',
  });
}
