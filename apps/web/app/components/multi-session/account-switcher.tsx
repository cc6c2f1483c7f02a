import { Form, Link, useLocation } from '@remix-run/react';
import { useState } from 'react';
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
 * The header's account switcher: the accounts this browser holds (picture, name, e-mail), the
 * active one marked, a Switch button for each other, Add another account, and Sign out of all
 * accounts. A disclosure (`details`): keyboard-usable without script.
 */
export function AccountSwitcher({ accounts }: { accounts: SwitcherAccount[] }) {
  const active = accounts.find((account) => account.active);
  // Closed again after every navigation (a switch, an added account): a new element per location.
  const location = useLocation();
  return <Disclosure key={location.key} accounts={accounts} active={active} />;
}

function Disclosure({ accounts, active }: { accounts: SwitcherAccount[]; active: SwitcherAccount | undefined }) {
  // With script, the panel is in the page only while open (the accounts' names and addresses are
  // not hidden text of every page); without, the closed disclosure holds it.
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <details className="account-switcher" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="account-switcher__summary">
        {active ? <Avatar name={active.name} image={active.image} /> : null}
        <span className="account-switcher__name">{active?.name ?? 'Accounts'}</span>
        <span className="visually-hidden">, account switcher</span>
      </summary>
      {!hydrated || open ? (
        <div className="account-switcher__panel">
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
        </div>
      ) : null}
    </details>
  );
}
