// Impersonation at the HTTP edge: while an admin acts as someone, the admin's own session waits
// in a signed cookie of its own, until stop-impersonating restores it (or sign-out clears it).
import type { Request, Response } from 'express';
import type { Clock } from '@tend/kernel';
import type { Session } from '@tend/sessions';
import { namedCookie, type Cookies } from '../../http/cookies.js';

export const ADMIN_SESSION_COOKIE = namedCookie({
  name: 'admin_session',
  endsWithSession: true,
  purpose: "The administrator's own session token while they impersonate someone.",
});

/** Keeps the admin's own session aside (its token, and whether it was remembered), as long as it lives. */
export function keepAdminSession(cookies: Cookies, req: Request, res: Response, admin: Session, remembered: boolean, clock: Clock): void {
  const maxAge = remembered ? Math.max(1, Math.round((admin.expiresAt.getTime() - clock.now().getTime()) / 1000)) : undefined;
  cookies.set(req, res, ADMIN_SESSION_COOKIE, `${admin.token}:${remembered ? '' : 'dont_remember'}`, maxAge);
}

/** The admin's session kept while impersonating (null without the signed cookie). */
export function keptAdminSession(cookies: Cookies, req: Request): { token: string; rememberMe: boolean } | null {
  const value = cookies.get(req, ADMIN_SESSION_COOKIE);
  if (!value) return null;
  const [token = '', flag] = value.split(':');
  return { token, rememberMe: flag !== 'dont_remember' };
}
