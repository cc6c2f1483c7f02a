// The accounts this browser holds (issue 33, the gateway's /multi-session routes): the header's
// account switcher lists them; tokens stay on the server, switching goes by user id.
import { routes } from '@tend/contracts';
import { call } from './call.server';
import type { GatewayClient } from './gateway.server';
import { isPlaceholderEmail } from './placeholder-email.server';

/** One held account as the switcher shows it. */
export interface HeldAccount {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  active: boolean;
}

type ListedUser = { id: string; name: string; email: string; image?: string | null };

const held = (user: ListedUser, activeUserId: string): HeldAccount => ({
  id: user.id,
  name: user.name,
  email: isPlaceholderEmail(user.email) ? null : user.email,
  image: user.image ?? null,
  active: user.id === activeUserId,
});

/**
 * The browser's live accounts (the active one first), and whether one the browser held has ended
 * elsewhere since. A browser with one account (the active one, whose session get-session just
 * answered) holds nothing more to list: the gateway is asked only when it carries several.
 */
export async function heldAccounts(api: GatewayClient, request: Request, active: ListedUser): Promise<{ accounts: HeldAccount[]; ended: boolean }> {
  const carried = (request.headers.get('cookie') ?? '').split(/;\s*/).filter((pair) => /^(__Secure-)?tend\.session_token_multi-/.test(pair)).length;
  if (carried <= 1) return { accounts: [held(active, active.id)], ended: false };
  const result = await call(api, routes.listDeviceSessions);
  if (!result.ok) return { accounts: [held(active, active.id)], ended: false };
  const accounts = result.data.map(({ user }) => held(user, active.id)).sort((a, b) => Number(b.active) - Number(a.active));
  // The gateway expires the cookie of each ended account as it lists: the browser held more than it lists now.
  return { accounts, ended: carried > result.data.length };
}

/** Makes the held account of `userId` the active one; false when the browser no longer holds it. */
export async function switchTo(api: GatewayClient, userId: string): Promise<boolean> {
  const list = await call(api, routes.listDeviceSessions);
  const target = list.ok ? list.data.find((entry) => entry.user.id === userId) : undefined;
  if (!target) return false;
  return (await call(api, routes.setActiveSession, { sessionToken: target.session.token })).ok;
}
