import fontUrl from '@fontsource-variable/nunito/index.css?url';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useNonce } from './lib/nonce';
import {
  Form,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { ImpersonationBanner } from './components/admin/impersonation-banner';
import { AccountSwitcher } from './components/multi-session/account-switcher';
import { SubmitButton } from './components/forms';
import { viewerFlags } from './lib/admin.server';
import { currentSession, publicUser } from './lib/auth.server';
import { env } from './lib/env.server';
import { gateway } from './lib/gateway.server';
import { heldAccounts } from './lib/multi-session.server';
import baseStyles from './styles/base.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: fontUrl },
  { rel: 'stylesheet', href: baseStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The title of pages without their own (the error pages: a route's loader threw to this boundary). */
export const meta: MetaFunction = ({ error }) => [
  { title: !error ? 'Tend' : isRouteErrorResponse(error) && error.status === 404 ? 'Page not found · Tend' : 'Something went wrong · Tend' },
];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const current = await currentSession(api);
  // The header's account switcher: every account this browser holds (issue 33).
  const held = current ? await heldAccounts(api, args.request, current.user) : { accounts: [], ended: false };
  return data(
    { user: current ? publicUser(current.user) : null, devOutbox: env().devOutbox, ...viewerFlags(current), accounts: held.accounts, accountEnded: held.ended },
    { headers: api.headers },
  );
}

function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" className="logo__disc" />
      <path d="M16 25V14" className="logo__stem" />
      <path d="M16 17c-5 0-7.5-3-7.5-7 4.5 0 7.5 2.5 7.5 7Z" className="logo__leaf" />
      <path d="M16 15c0-4.5 2.5-7 7.5-7 0 4.5-3 7-7.5 7Z" className="logo__leaf logo__leaf--light" />
    </svg>
  );
}

function Header() {
  const root = useRouteLoaderData<typeof loader>('root');
  const user = root?.user;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Tend, home">
          <Logo />
          <span>Tend</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          {user ? (
            <>
              <NavLink to="/organizations" className="site-nav__link">
                Organizations
              </NavLink>
              <NavLink to="/account" className="site-nav__link">
                Account
              </NavLink>
              {root?.isAdmin ? (
                <NavLink to="/admin" className="site-nav__link">
                  Admin
                </NavLink>
              ) : null}
              {root?.accounts.length ? <AccountSwitcher accounts={root.accounts} /> : null}
              <Form method="post" action="/sign-out" className="inline-form">
                <SubmitButton intent="sign-out" pendingText="Signing out…" variant="quiet">
                  Sign out
                </SubmitButton>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/sign-in" className="site-nav__link">
                Sign in
              </NavLink>
              <NavLink to="/sign-up" className="site-nav__link site-nav__link--pill">
                Create account
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="theme-color" content="#f4f1ea" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {root?.impersonating && root.user ? <ImpersonationBanner name={root.user.name} /> : null}
        <Header />
        {root?.accountEnded ? (
          <div className="site-notice" role="status">
            <p>An account was signed out elsewhere, so it has been removed from this browser.</p>
          </div>
        ) : null}
        <main id="main" tabIndex={-1} className="site-main">
          {children}
        </main>
        <footer className="site-footer">
          <p>Tend · a gentle place to notice how you feel.</p>
          <p>
            If you are in crisis, please contact your local emergency number or a crisis line right away.
            {root?.devOutbox ? (
              <>
                {' '}
                · <Link to="/dev/outbox">Development outbox</Link>
              </>
            ) : null}
          </p>
        </footer>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="card card--narrow" aria-labelledby="error-title">
      <h1 id="error-title">{notFound ? "We couldn't find that page" : 'Something went wrong'}</h1>
      <p className="lead">
        {notFound
          ? 'The link may be old, or the page may have moved.'
          : "It's not you. Please try again in a moment; if it keeps happening, we're here to help."}
      </p>
      <p>
        <Link to="/" className="button button--secondary">
          Go to the start
        </Link>
      </p>
    </section>
  );
}
