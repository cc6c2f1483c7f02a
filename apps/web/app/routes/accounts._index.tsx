import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { AccountActions, AccountList } from '../components/multi-session/account-switcher';
import { requireSession } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import type { loader as rootLoader } from '../root';

export const meta: MetaFunction = () => [{ title: 'Your accounts · Tend' }];

/** The accounts this browser holds, as a page: the header's switcher without script leads here. */
export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  return data(null, { headers: api.headers });
}

export default function Accounts() {
  // The root's loader already reads the held accounts for the header.
  const accounts = useRouteLoaderData<typeof rootLoader>('root')?.accounts ?? [];
  return (
    <section className="card" aria-labelledby="accounts-title">
      <div className="card__header">
        <h1 id="accounts-title">Your accounts</h1>
        <p className="muted">The accounts signed in on this browser. Switch between them without signing in again.</p>
      </div>
      <AccountList accounts={accounts} />
      <AccountActions />
    </section>
  );
}
