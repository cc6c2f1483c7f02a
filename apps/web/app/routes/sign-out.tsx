import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { SubmitButton } from '../components/forms';
import { currentSession, expireCookies } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import { call } from '../lib/call.server';

export const meta: MetaFunction = () => [{ title: 'Sign out · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  if (!(await currentSession(api))) throw redirect('/', { headers: expireCookies(api) });
  return null;
}

/** Signs out at the gateway, and expires the cookies here too, whatever the gateway answered. */
export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await call(api, routes.signOut);
  throw redirect('/?notice=signed-out', { headers: expireCookies(api) });
}

export default function SignOut() {
  return (
    <section className="card card--narrow" aria-labelledby="sign-out-title">
      <h1 id="sign-out-title">Sign out?</h1>
      <p className="lead">You can sign back in whenever you like.</p>
      <Form method="post" className="button-row">
        <SubmitButton intent="sign-out" pendingText="Signing out…">
          Sign out
        </SubmitButton>
        <Link to="/account" className="button button--secondary">
          Stay signed in
        </Link>
      </Form>
    </section>
  );
}
