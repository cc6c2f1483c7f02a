// The gateway's auth endpoints, typed, and the session helpers every page uses.
import { redirect } from '@remix-run/node';
import type { GatewayClient } from './gateway.server';

export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  username?: string | null;
  displayUsername?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Session {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionAndUser {
  session: Session;
  user: User;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  purpose?: string;
  createdAt: string;
}

const base = '/api/auth';

/** The typed calls of the gateway's public auth API. */
export const auth = {
  signUp: (api: GatewayClient, body: { name: string; email: string; password: string; username?: string; image?: string; callbackURL?: string }) =>
    api.post<{ token: string | null; user: User }>(`${base}/sign-up/email`, body),
  signInEmail: (api: GatewayClient, body: { email: string; password: string; rememberMe?: boolean; callbackURL?: string }) =>
    api.post<{ token: string; user: User }>(`${base}/sign-in/email`, body),
  signInUsername: (api: GatewayClient, body: { username: string; password: string; rememberMe?: boolean }) =>
    api.post<{ token: string; user: User }>(`${base}/sign-in/username`, body),
  signOut: (api: GatewayClient) => api.post<{ success: boolean }>(`${base}/sign-out`),
  getSession: (api: GatewayClient) => api.get<SessionAndUser | null>(`${base}/get-session`),
  listSessions: (api: GatewayClient) => api.get<Session[]>(`${base}/list-sessions`),
  revokeSession: (api: GatewayClient, token: string) => api.post<{ status: boolean }>(`${base}/revoke-session`, { token }),
  revokeOtherSessions: (api: GatewayClient) => api.post<{ status: boolean }>(`${base}/revoke-other-sessions`),
  updateUser: (api: GatewayClient, body: { name?: string; image?: string | null; username?: string }) =>
    api.post<{ status: boolean }>(`${base}/update-user`, body),
  changePassword: (api: GatewayClient, body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean }) =>
    api.post<{ token: string | null; user: User }>(`${base}/change-password`, body),
  changeEmail: (api: GatewayClient, body: { newEmail: string; callbackURL?: string }) =>
    api.post<{ status: boolean }>(`${base}/change-email`, body),
  sendVerificationEmail: (api: GatewayClient, body: { email: string; callbackURL?: string }) =>
    api.post<{ status: boolean }>(`${base}/send-verification-email`, body),
  requestPasswordReset: (api: GatewayClient, body: { email: string; redirectTo: string }) =>
    api.post<{ status: boolean; message?: string }>(`${base}/request-password-reset`, body),
  resetPassword: (api: GatewayClient, body: { newPassword: string; token: string }) =>
    api.post<{ status: boolean }>(`${base}/reset-password`, body),
  deleteUser: (api: GatewayClient, body: { password?: string; callbackURL?: string }) =>
    api.post<{ success: boolean; message: string }>(`${base}/delete-user`, body),
  outbox: (api: GatewayClient) => api.get<{ mails: OutboxMail[] }>('/api/dev/outbox'),
};

/**
 * The signed-in person and their session, or null. Root, layout and page loaders of one request
 * all ask: the gateway is asked once (see GatewayClient.getShared).
 */
export async function currentSession(api: GatewayClient): Promise<SessionAndUser | null> {
  const result = await api.getShared<SessionAndUser | null>(`${base}/get-session`);
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
    if (alreadyCleared.has(name)) continue;
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
    name: user.name,
    image: user.image ?? null,
    username: user.displayUsername ?? user.username ?? null,
  };
}

export type PublicUser = ReturnType<typeof publicUser>;
