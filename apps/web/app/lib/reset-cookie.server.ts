// Remembers, for an hour, which email asked for a reset link, so that
// the reset page can sign the person in with their new password. Without it (the link opened in
// another browser) the page sends them to sign in instead. It holds no secret: signing in still
// needs the password just chosen.
import { createCookie } from '@remix-run/node';

// Path=/: with JavaScript, the reset form posts to /reset-password.data, outside Path=/reset-password.
const cookie = createCookie('tend-web.reset-email', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 });

function secure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** Set-Cookie remembering `email`. */
export function rememberResetEmail(request: Request, email: string): Promise<string> {
  return cookie.serialize(email, { secure: secure(request) });
}

/** The remembered email, or null. */
export async function resetEmail(request: Request): Promise<string | null> {
  const value = await cookie.parse(request.headers.get('cookie'));
  return typeof value === 'string' && value.includes('@') ? value : null;
}

/** Set-Cookie forgetting it. */
export function forgetResetEmail(request: Request): Promise<string> {
  return cookie.serialize('', { maxAge: 0, secure: secure(request) });
}
