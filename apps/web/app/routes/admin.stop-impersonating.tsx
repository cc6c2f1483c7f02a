// The impersonation banner's "Stop impersonating": back to the administrator's own session, on the
// page of the person they were viewing Tend as.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import { failureStatus } from '../lib/actions';
import { currentSession, expireCookies } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import { call } from '../lib/call.server';

export async function loader() {
  return redirect('/');
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  const current = await currentSession(api);
  if (!current) throw redirect('/sign-in', { headers: api.headers });
  if (!current.session.impersonatedBy) throw redirect('/', { headers: api.headers });
  const viewed = current.user.id;
  const result = await call(api, routes.stopImpersonating);
  if (result.ok) throw redirect(`/admin/users/${encodeURIComponent(viewed)}`, { headers: api.headers });
  if (result.error.code === 'YOU_ARE_NOT_IMPERSONATING_ANYONE') throw redirect('/', { headers: api.headers });
  if (result.error.code === 'FAILED_TO_FIND_ADMIN_SESSION' || result.error.code === 'FAILED_TO_FIND_USER') {
    // The administrator's own session is gone (expired, or revoked meanwhile): end this one too,
    // rather than leave them acting as someone else with no way back.
    await call(api, routes.signOut);
    throw redirect('/sign-in?notice=session-ended', { headers: expireCookies(api) });
  }
  throw new Response('Stop impersonating failed', { status: failureStatus(result.status), headers: api.headers });
}
