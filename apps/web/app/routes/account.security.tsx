// The Security page: a thin composer of its sections (two-factor authentication, passkeys). Each
// section's loader and action live in its lib, its markup in its components; the action
// dispatches by the form's `intent`.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { PasskeysSection } from '../components/passkeys/passkeys-section';
import { TwoFactorSection } from '../components/two-factor/security-section';
import type { ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { isPasskeyIntent, loadPasskeys, passkeysAction } from '../lib/passkeys.server';
import { stylesheets } from '../lib/stylesheets';
import { isTwoFactorIntent, twoFactorAction, twoFactorLoader, type TwoFactorResult } from '../lib/two-factor.server';
import passkeysStyles from '../styles/passkeys.css?url';
import twoFactorStyles from '../styles/two-factor.css?url';

export const links = stylesheets(twoFactorStyles, passkeysStyles);

export const meta: MetaFunction = () => [{ title: 'Security · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const twoFactor = await twoFactorLoader(args, api);
  const passkeys = await loadPasskeys(api);
  const renaming = new URL(args.request.url).searchParams.get('rename');
  return data({ twoFactor, passkeys, renaming }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  if (isTwoFactorIntent(intent)) return twoFactorAction(args, form, intent);
  if (isPasskeyIntent(intent)) return passkeysAction(args, form, intent);
  const api = gateway(args);
  await requireSession(api, args.request);
  return data<ActionResult>({ intent, errors: { fields: {}, form: 'Something went wrong. Please reload the page and try again.' } }, { status: 400, headers: api.headers });
}

/** A refused change of a passkey reloads the list all the same (it may be gone since). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const intent = (actionResult as ActionResult | undefined)?.intent;
  return intent?.startsWith('passkey-') && intent !== 'passkey-add' ? true : defaultShouldRevalidate;
};

export default function Security() {
  const { twoFactor, passkeys, renaming } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as (TwoFactorResult | ActionResult) | undefined;
  const location = useLocation();
  const intent = typeof result?.intent === 'string' ? result.intent : '';
  const twoFactorResult = intent.startsWith('two-factor-') ? (result as TwoFactorResult) : undefined;
  const passkeyResult = intent.startsWith('passkey-') ? (result as ActionResult) : undefined;
  // After a rename is saved, the row leaves its edit mode.
  const editing = intent.startsWith('passkey-rename:') && passkeyResult?.done ? null : renaming;
  return (
    <div className="security">
      <TwoFactorSection section={twoFactor} result={twoFactorResult} />
      <PasskeysSection passkeys={passkeys.passkeys} error={passkeys.error} result={passkeyResult} renaming={editing} path={location.pathname} />
    </div>
  );
}
