// The linked-accounts page's parts: the accounts a person signs in with, and the providers they
// can still link. The last way to sign in is never offered for removal (the gateway refuses it too).
import { Form, Link } from '@remix-run/react';
import { formatLocal } from '../../lib/format';
import { LocalTime, SubmitButton } from '../forms';
import { ScriptedMarker } from './continue-to-provider';
import { ProviderMark } from './social-sign-in';
import type { ProviderView } from './model';

/** A linked account as the page receives it (see accountRow in lib/providers.server). */
export interface AccountView {
  id: string;
  providerId: string;
  name: string;
  credential: boolean;
  label: string;
  accountId: string;
  createdAt: string;
  createdUtc: string;
}

/** Every account, with Unlink on provider accounts; disabled, with the reason, when it is the last one. */
export function AccountList({ accounts }: { accounts: AccountView[] }) {
  const last = accounts.length <= 1;
  return (
    <ul className="linked-accounts" aria-label="Your sign-in methods">
      {accounts.map((account) => (
        <li key={account.id} className="linked-account">
          <ProviderMark id={account.credential ? 'credential' : account.providerId} name={account.credential ? '@' : account.name} />
          <div className="linked-account__body">
            <h3 className="linked-account__name">{account.name}</h3>
            <dl className="facts">
              <dt>{account.credential ? 'Email' : 'Account ID'}</dt>
              <dd>{account.credential ? account.label : <code className="linked-account__id">{account.label}</code>}</dd>
              <dt>Linked</dt>
              <dd>
                <LocalTime iso={account.createdAt} utc={account.createdUtc} local={formatLocal} />
              </dd>
            </dl>
            {account.credential ? (
              <p className="linked-account__note">
                Change your password on the <Link to="/account/password">Password</Link> page.
              </p>
            ) : null}
            {!account.credential && last ? (
              <p className="linked-account__note" id={`last-${account.id}`}>
                This is the only way you can sign in, so it can't be removed. Link another account first.
              </p>
            ) : null}
          </div>
          {account.credential ? null : last ? (
            <button type="button" className="button button--secondary button--small" disabled aria-describedby={`last-${account.id}`}>
              Unlink<span className="visually-hidden"> {account.name}</span>
            </button>
          ) : (
            <Form method="post" className="linked-account__action">
              <input type="hidden" name="providerId" value={account.providerId} />
              <input type="hidden" name="accountId" value={account.accountId} />
              <SubmitButton intent={`unlink:${account.id}`} pendingText="Unlinking…" variant="secondary">
                <span>
                  Unlink<span className="visually-hidden"> {account.name}</span>
                </span>
              </SubmitButton>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A Link <Provider> button per enabled provider not linked yet. */
export function LinkProviders({ providers }: { providers: ProviderView[] }) {
  return (
    <ul className="link-providers" aria-label="Providers you can link">
      {providers.map((provider) => (
        <li key={provider.id}>
          <Form method="post">
            <input type="hidden" name="provider" value={provider.id} />
            <ScriptedMarker />
            <SubmitButton intent={`link:${provider.id}`} pendingText={`Opening ${provider.name}…`} variant="secondary">
              <ProviderMark {...provider} />
              <span>Link {provider.name}</span>
            </SubmitButton>
          </Form>
        </li>
      ))}
    </ul>
  );
}
