// The second step of signing in (/sign-in/two-factor): the gateway sends challenged sign-ins here
// with `?callbackURL=`, the sign-in page too. Loader and action live in lib/two-factor.server.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { TwoFactorChallenge } from '../components/two-factor/challenge';
import { stylesheets } from '../lib/stylesheets';
import { challengeAction, challengeLoader, type ChallengeResult } from '../lib/two-factor.server';
import authStyles from '../styles/auth.css?url';
import twoFactorStyles from '../styles/two-factor.css?url';

export const links = stylesheets(authStyles, twoFactorStyles);

export const meta: MetaFunction = () => [{ title: 'Two-factor authentication · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const { headers, ...page } = await challengeLoader(args);
  return data(page, { headers });
}

export function action(args: ActionFunctionArgs) {
  return challengeAction(args);
}

export default function TwoFactorSignIn() {
  const { callbackURL, method, methods, expired } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ChallengeResult | undefined;
  return <TwoFactorChallenge callbackURL={callbackURL} method={method} methods={methods} expired={expired} result={result} />;
}
