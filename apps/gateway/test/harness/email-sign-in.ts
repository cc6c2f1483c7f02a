// Sign-in by mailed link or code (email-sign-in*.test.ts): ask for a link or a code like a client would, and
// read what was mailed (through the real Resend SDK to a fake Resend server).
import type { CapturedMail } from '@tend/mailer/testing';
import { cookiesOf, setCookies } from './cookies.js';
import { linkOf, pathOf, type MailTestGateway } from './mail.js';

export const BANNED = {
  code: 'BANNED_USER',
  message: 'You have been banned from this application. Please contact support if you believe this is an error.',
};

/** A fresh address no other test uses. */
export const freshEmail = (name = 'ada') => `${name}.${Math.random().toString(36).slice(2)}@example.com`;

/** POST /sign-in/magic-link. */
export function requestLink(gateway: MailTestGateway, body: Record<string, unknown>) {
  return gateway.http.post('/api/auth/sign-in/magic-link').send(body);
}

/** POST /email-otp/send-verification-otp. */
export function requestCode(gateway: MailTestGateway, email: string, type = 'sign-in') {
  return gateway.http.post('/api/auth/email-otp/send-verification-otp').send({ email, type });
}

/** The newest sign-in link mailed to `email`, as a path and query for supertest. */
export async function magicLinkTo(gateway: MailTestGateway, email: string): Promise<string> {
  return pathOf(linkOf(await newest(gateway, email, 'magic-link')));
}

/** The code of the newest code mail to `email`: the only standalone 6-digit number of its text. */
export async function codeTo(gateway: MailTestGateway, email: string): Promise<string> {
  const found = (await newest(gateway, email, 'email-otp')).text?.match(/\b\d{6}\b/g) ?? [];
  if (found.length !== 1) throw new Error(`expected one 6-digit code, found ${found.length}`);
  return found[0]!;
}

async function newest(gateway: MailTestGateway, email: string, purpose: 'magic-link' | 'email-otp'): Promise<CapturedMail> {
  const mail = (await gateway.mailsTo(email, purpose)).at(-1);
  if (!mail) throw new Error(`No ${purpose} mail to ${email}`);
  return mail;
}

/** The token query parameter of a link path. */
export const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;

/** Whether a response set a live session cookie. */
export const setsSession = (res: { headers: Record<string, unknown> }) => setCookies(res).some((line) => line.startsWith('tend.session_token=') && !/max-age=0/i.test(line));

/** The session a response's cookies carry, as get-session answers it. */
export async function sessionOf(gateway: MailTestGateway, res: { headers: Record<string, unknown> }) {
  return (await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(res)).expect(200)).body as { user: { id: string; email: string; emailVerified: boolean; name: string } } | null;
}
