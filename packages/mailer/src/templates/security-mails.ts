import { PRODUCT_NAME, greetingFor, renderMail, type RenderedMail } from './layout.js';

/** The notice that a passkey was added to the account, so a person who did not add it can act. */
export function passkeyAddedEmail(input: { name: string; passkeyName: string | null; url: string }): RenderedMail {
  const named = input.passkeyName ? `A passkey named “${input.passkeyName}”` : 'A new passkey';
  return renderMail({
    subject: `A passkey was added to your ${PRODUCT_NAME} account`,
    preheader: 'It can now be used to sign in.',
    greeting: greetingFor(input.name),
    paragraphs: [`${named} was added to your ${PRODUCT_NAME} account. It can now be used to sign in without a password.`],
    action: { label: 'Review your passkeys', url: input.url },
    closing: 'If you did not add it, delete it from your security settings and change your password right away.',
  });
}

/**
 * The notice that an organization's identity provider was linked to an existing account on its
 * first single sign-on: it can sign the person in from now on, so a person who did not expect it can act.
 */
export function ssoLinkedEmail(input: { name: string; domain: string; url: string }): RenderedMail {
  return renderMail({
    subject: `Single sign-on was linked to your ${PRODUCT_NAME} account`,
    preheader: `The identity provider for ${input.domain} can now sign you in.`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `The single sign-on provider for ${input.domain} signed in to your ${PRODUCT_NAME} account for the first time. It can now sign you in without your password.`,
    ],
    action: { label: 'Review your account', url: input.url },
    closing: 'If you did not expect this, sign out your other sessions from your account page, change your password and turn on two-factor authentication right away.',
  });
}
