import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { FormAlert, Notice } from '../components/forms';
import { ContinueToProvider } from '../components/providers/continue-to-provider';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { AccountList, LinkProviders } from '../components/providers/linked-accounts';
import { isKnownProvider, providerName } from '../components/providers/model';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { checked, text } from '../lib/forms';
import { gateway, webOrigin } from '../lib/gateway.server';
import { accountRow, describeProviderError, enabledProviders, startProviderLink, type AccountRow } from '../lib/providers.server';
import { call } from '../lib/call.server';
import providersStyles from '../styles/providers.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(providersStyles);

export const meta: MetaFunction = () => [{ title: 'Linked accounts · Tend' }];

const back = '/account/linked-accounts';

/** Without JavaScript, a link answers the provider's URL for the page to continue to. */
interface LinkResult extends ActionResult {
  continueTo?: { url: string; name: string };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { user } = await requireSession(api, args.request);
  const [list, providers] = await Promise.all([call(api, routes.listAccounts), enabledProviders(api)]);
  const linkedId = new URL(args.request.url).searchParams.get('linked');
  // The link flow comes back here with ?linked=<provider> once the provider said yes.
  const linked = isKnownProvider(linkedId) ? providerName(linkedId) : null;
  if (!list.ok) {
    const error = describeProviderError(list.error).form ?? null;
    return data({ accounts: [] as AccountRow[], available: providers, linked, error }, { headers: api.headers });
  }
  // Oldest first: the way the account was made comes first.
  const accounts = list.data.map((account) => accountRow(account, user.email)).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const taken = new Set(accounts.map((account) => account.providerId));
  const available = providers.filter((provider) => !taken.has(provider.id));
  return data({ accounts, available, linked, error: null }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const fail = (result: { status: number; error: { code: string } }) =>
    data<ActionResult>({ intent, errors: describeProviderError(result.error) }, { status: failureStatus(result.status), headers: api.headers });

  if (intent.startsWith('link:')) {
    const provider = text(form, 'provider');
    if (!isKnownProvider(provider)) return data<ActionResult>({ intent, errors: describeProviderError({ code: 'PROVIDER_NOT_FOUND' }) }, { status: 400 });
    const result = await startProviderLink(api, { origin: webOrigin(args.request), provider });
    if (!result.ok) return fail(result);
    // Off to the provider; the binding cookie goes with this answer (see ContinueToProvider).
    if (checked(form, 'scripted')) throw redirect(result.data.url, { headers: api.headers });
    return data<LinkResult>({ intent, continueTo: { url: result.data.url, name: providerName(provider) } }, { headers: api.headers });
  }

  if (intent.startsWith('unlink:')) {
    const providerId = text(form, 'providerId');
    const accountId = text(form, 'accountId');
    if (!providerId) return data<ActionResult>({ intent, errors: { fields: {}, form: 'Something went wrong. Please reload the page and try again.' } }, { status: 400 });
    const result = await call(api, routes.unlinkAccount, { providerId, ...(accountId ? { accountId } : {}) });
    if (!result.ok) return fail(result);
    return data<ActionResult>({ intent, done: 'unlinked', detail: providerName(providerId) }, { headers: api.headers });
  }
  return data<ActionResult>({ intent, errors: { fields: {}, form: 'Something went wrong. Please reload the page and try again.' } }, { status: 400 });
}

/** A refused unlink (an account gone in another window) still reloads the list. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.intent?.startsWith('unlink:') ? true : defaultShouldRevalidate;

export default function LinkedAccounts() {
  const { accounts, available, linked, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LinkResult | undefined;
  return (
    <section className="card" aria-labelledby="linked-accounts-title">
      <div className="card__header">
        <h2 id="linked-accounts-title">Linked accounts</h2>
        <p className="muted">The ways you can sign in to Tend. Link an account you already use elsewhere, and you can sign in with it instead of a password.</p>
      </div>
      {result?.continueTo ? <ContinueToProvider url={result.continueTo.url} name={result.continueTo.name} linking /> : null}
      {linked && !result ? <Notice>{linked} is now linked. You can use it to sign in.</Notice> : null}
      {result?.done === 'unlinked' ? <Notice>{result.detail ?? 'That account'} is unlinked. You can no longer sign in with it.</Notice> : null}
      {error ? (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      ) : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      {accounts.length ? <AccountList accounts={accounts} /> : null}
      <p className="muted small linked-accounts__rule">
        You always keep at least one way to sign in: the last one can't be unlinked. Unlinking asks for a recent sign-in, for your safety.
      </p>

      {available.length ? (
        <>
          <hr className="divider" />
          <h3>Link another account</h3>
          <p className="muted">You'll be taken to the provider to say yes, then brought back here.</p>
          <LinkProviders providers={available} />
        </>
      ) : null}
    </section>
  );
}
