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

/** The browser's live accounts (the active one first), and whether one the browser held has ended elsewhere since. */
export async function heldAccounts(api: GatewayClient, request: Request, activeUserId: string): Promise<{ accounts: HeldAccount[]; ended: boolean }> {
  const result = await call(api, routes.listDeviceSessions);
  if (!result.ok) return { accounts: [], ended: false };
  const accounts = result.data
    .map(({ user }) => ({ id: user.id, name: user.name, email: isPlaceholderEmail(user.email) ? null : user.email, image: user.image ?? null, active: user.id === activeUserId }))
    .sort((a, b) => Number(b.active) - Number(a.active));
  // The gateway expires the cookie of each ended account as it lists: the browser held more than it lists now.
  const carried = (request.headers.get('cookie') ?? '').split(/;\s*/).filter((pair) => /^(__Secure-)?tend\.session_token_multi-/.test(pair)).length;
  return { accounts, ended: carried > result.data.length };
}

/** Makes the held account of `userId` the active one; false when the browser no longer holds it. */
export async function switchTo(api: GatewayClient, userId: string): Promise<boolean> {
  const list = await call(api, routes.listDeviceSessions);
  const target = list.ok ? list.data.find((entry) => entry.user.id === userId) : undefined;
  if (!target) return false;
  return (await call(api, routes.setActiveSession, { sessionToken: target.session.token })).ok;
}
