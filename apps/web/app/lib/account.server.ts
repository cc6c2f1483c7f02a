// The loader the account pages share: the signed-in user (or a redirect to sign in),
// with the gateway's Set-Cookie headers passed back.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { publicUser, requireSession } from './auth.server';
import { gateway } from './gateway.server';

export async function accountUserLoader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { user } = await requireSession(api, args.request);
  return data({ user: publicUser(user) }, { headers: api.headers });
}
