// The gateway's auth endpoints, typed, and the session helpers every page uses.
import { redirect } from '@remix-run/node';
import type * as schemas from '@tend/contracts';
import type { Input, Output } from '@tend/contracts';
import type { GatewayClient } from './gateway.server';

/** The user, as the gateway's contract describes it. */
export type User = Output<typeof schemas.user>;
export type Session = Output<typeof schemas.session>;

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

/** The typed calls of the gateway's public auth API: bodies and answers come from @tend/contracts. */
export const auth = {
  signUp: (api: GatewayClient, body: Input<typeof schemas.signUpEmailBody>) => api.post<Output<typeof schemas.signUpEmailResponse>>(`${base}/sign-up/email`, body),
  signInEmail: (api: GatewayClient, body: Input<typeof schemas.signInEmailBody>) => api.post<Output<typeof schemas.signInEmailResponse>>(`${base}/sign-in/email`, body),
  signInUsername: (api: GatewayClient, body: Input<typeof schemas.signInUsernameBody>) =>
    api.post<Output<typeof schemas.signInUsernameResponse>>(`${base}/sign-in/username`, body),
  signOut: (api: GatewayClient) => api.post<Output<typeof schemas.success>>(`${base}/sign-out`),
  getSession: (api: GatewayClient) => api.get<Output<typeof schemas.getSessionResponse>>(`${base}/get-session`),
  listSessions: (api: GatewayClient) => api.get<Output<typeof schemas.listSessionsResponse>>(`${base}/list-sessions`),
  revokeSession: (api: GatewayClient, token: string) => api.post<Output<typeof schemas.status>>(`${base}/revoke-session`, { token } satisfies Input<typeof schemas.revokeSessionBody>),
  revokeOtherSessions: (api: GatewayClient) => api.post<Output<typeof schemas.status>>(`${base}/revoke-other-sessions`),
  updateUser: (api: GatewayClient, body: Input<typeof schemas.updateUserBody>) => api.post<Output<typeof schemas.status>>(`${base}/update-user`, body),
  changePassword: (api: GatewayClient, body: Input<typeof schemas.changePasswordBody>) =>
    api.post<Output<typeof schemas.changePasswordResponse>>(`${base}/change-password`, body),
  changeEmail: (api: GatewayClient, body: Input<typeof schemas.changeEmailBody>) => api.post<Output<typeof schemas.status>>(`${base}/change-email`, body),
  sendVerificationEmail: (api: GatewayClient, body: Input<typeof schemas.sendVerificationEmailBody>) =>
    api.post<Output<typeof schemas.status>>(`${base}/send-verification-email`, body),
  requestPasswordReset: (api: GatewayClient, body: Input<typeof schemas.requestPasswordResetBody>) =>
    api.post<Output<typeof schemas.requestPasswordResetResponse>>(`${base}/request-password-reset`, body),
  resetPassword: (api: GatewayClient, body: Input<typeof schemas.resetPasswordBody>) => api.post<Output<typeof schemas.status>>(`${base}/reset-password`, body),
  deleteUser: (api: GatewayClient, body: Input<typeof schemas.deleteUserBody>) => api.post<Output<typeof schemas.deleteUserResponse>>(`${base}/delete-user`, body),
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
