import { PRODUCT_NAME, greetingFor, renderMail, type RenderedMail } from '@tend/mailer';
import { describeUserAgent } from './user-agent.js';

declare module '@tend/mailer' {
  interface MailPurposes {
    /** A completed sign-in from a browser that had not signed in to the account before (newDeviceSignInEmail). */
    'new-device-sign-in': true;
  }
}

/** The mail purpose of the notice, declared here beside its template. */
export const NEW_DEVICE_MAIL_PURPOSE = 'new-device-sign-in' as const;

export interface NewDeviceSignIn {
  name: string;
  /** When the sign-in completed. */
  at: Date;
  userAgent: string | null;
  ipAddress: string | null;
  /** `AUTH_WEB_URL/account/sessions`: where the person reviews and ends sessions. */
  sessionsURL: string;
}

/** The time as a person reads it, in UTC: `29 November 2026, 10:59 UTC`. */
export function mailTime(at: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at).replace(' at ', ', ')} UTC`;
}

/** The notice of a sign-in from a new device: when, which browser on which system, from which address, and what to do if it was not the reader. */
export function newDeviceSignInEmail(input: NewDeviceSignIn): RenderedMail {
  const { browser, os } = describeUserAgent(input.userAgent);
  return renderMail({
    subject: `New sign-in to your ${PRODUCT_NAME} account`,
    preheader: `${browser} on ${os} signed in to your account.`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Your ${PRODUCT_NAME} account was signed in to from a browser that had not signed in to it before.`,
      `When: ${mailTime(input.at)}. Browser: ${browser}. Operating system: ${os}. IP address: ${input.ipAddress ?? 'unknown'}.`,
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'Review your sessions', url: input.sessionsURL },
    closing:
      'If this was not you, open your sessions and sign that one out, change your password right away, and turn on two-factor authentication in your security settings.',
  });
}
