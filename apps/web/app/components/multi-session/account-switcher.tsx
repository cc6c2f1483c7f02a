import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../avatar';
import { SubmitButton, useHydrated } from '../forms';

export interface SwitcherAccount {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  active: boolean;
}

/**
 * The header's account switcher: a disclosure (`details`, the group named Account switcher; its
 * summary reads Accounts), keyboard-usable without script. Open, it
 * lists the accounts this browser holds (picture, name, e-mail), the active one marked, with a
 * Switch button for each other, Add another account and Sign out of all accounts.
 *
 * The header never holds the accounts' names and addresses as text of every page (they would be
 * read twice beside a page that names the account): the list is rendered only while the disclosure
 * is open, and without script the closed disclosure leads to the Accounts page, which lists them.
 */
export function AccountSwitcher({ accounts }: { accounts: SwitcherAccount[] }) {
  const active = accounts.find((account) => account.active);
  // Closed again after every navigation (a switch, an added account): a new element per location.
  const location = useLocation();
  return <Disclosure key={location.key} accounts={accounts} active={active} />;
}

function Disclosure({ accounts, active }: { accounts: SwitcherAccount[]; active: SwitcherAccount | undefined }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Opened before the script ran: the list replaces the page link at once.
  const element = useRef<HTMLDetailsElement>(null);
  useEffect(() => setOpen(element.current?.open ?? false), []);
  return (
    <details ref={element} className="account-switcher" aria-label="Account switcher" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="account-switcher__summary">
        {active ? <Avatar name={active.name} image={active.image} /> : null}
        <span>Accounts</span>
      </summary>
      {hydrated && open ? (
        <div className="account-switcher__panel">
          <AccountList accounts={accounts} />
          <AccountActions />
        </div>
      ) : !hydrated ? (
        <div className="account-switcher__panel">
          <p>
            <Link to="/accounts">Your signed-in accounts</Link>
          </p>
          <AccountActions />
        </div>
      ) : null}
    </details>
  );
}

/** The held accounts, the active one marked, a Switch button for each other (the switcher and the Accounts page). */
export function AccountList({ accounts }: { accounts: SwitcherAccount[] }) {
  return (
    <ul className="account-switcher__list" aria-label="Signed-in accounts">
      {accounts.map((account) => (
        <li key={account.id} className="account-switcher__item" aria-current={account.active ? 'true' : undefined}>
          <Avatar name={account.name} image={account.image} />
          <div className="account-switcher__who">
            <span id={`account-${account.id}`} className="account-switcher__account-name">
              {account.name}
            </span>
            {account.email ? <span className="muted">{account.email}</span> : null}
          </div>
          {account.active ? (
            <span className="badge badge--current">Active</span>
          ) : (
            <Form method="post" action="/accounts/switch">
              <input type="hidden" name="userId" value={account.id} />
              <SubmitButton intent="switch" pendingText="Switching…" variant="secondary" describedBy={`account-${account.id}`}>
                Switch
              </SubmitButton>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Add another account, and Sign out of all accounts. */
export function AccountActions() {
  return (
    <div className="account-switcher__actions">
      <Link to="/sign-in?add=1" className="button button--secondary">
        Add another account
      </Link>
      <Form method="post" action="/sign-out">
        <SubmitButton intent="sign-out-all" pendingText="Signing out…" variant="quiet">
          Sign out of all accounts
        </SubmitButton>
      </Form>
    </div>
  );
}
