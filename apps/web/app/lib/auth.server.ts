// The session helpers every page uses.
import { redirect } from '@remix-run/node';
import { routes, type RouteReply } from '@tend/contracts';
import { callShared } from './call.server';
import type { GatewayClient } from './gateway.server';
import { isPlaceholderEmail } from './placeholder-email.server';

/** The signed-in person and their session, as get-session answers them. */
export type SessionAndUser = NonNullable<RouteReply<typeof routes.getSession>>;
export type User = SessionAndUser['user'];
export type Session = SessionAndUser['session'];

/**
 * The signed-in person and their session, or null. Root, layout and page loaders of one request
 * all ask: the gateway is asked once (see GatewayClient.getShared).
 */
export async function currentSession(api: GatewayClient): Promise<SessionAndUser | null> {
  const result = await callShared(api, routes.getSession);
  if (!result.ok || !result.data?.user) return null;
  return result.data;
}

/** The signed-in person, or a redirect to sign in (and back here afterwards). */
export async function requireSession(api: GatewayClient, request: Request): Promise<SessionAndUser> {
  const current = await currentSession(api);
  if (current) return current;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`, { headers: api.headers });
}

/** Headers that expire every gateway cookie the browser holds: sign-out must work even if the gateway is gone. */
export function expireCookies(api: GatewayClient): Headers {
  const headers = new Headers(api.headers);
  const alreadyCleared = new Set(api.headers.getSetCookie().map((line) => line.split('=')[0]));
  for (const name of api.cookieNames()) {
    // A trusted device and the known-device cookie (the new-device mail) outlive sign-out: they are the browser's, not the session's.
    if (alreadyCleared.has(name) || name.endsWith('.trust_device') || name.endsWith('.known_device')) continue;
    const secure = name.startsWith('__Secure-') || name.startsWith('__Host-') ? '; Secure' : '';
    headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return headers;
}

/** The user as pages may see it: no tokens ever reach the browser's JavaScript. */
export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    /** A stand-in address (a provider that shares no email): never shown, and the person is asked for a real one. */
    emailIsPlaceholder: isPlaceholderEmail(user.email),
    name: user.name,
    image: user.image ?? null,
    username: user.displayUsername ?? user.username ?? null,
  };
}

export type PublicUser = ReturnType<typeof publicUser>;
