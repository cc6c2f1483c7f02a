import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { Notice } from '../components/forms';
import { Avatar } from '../components/avatar';
import { SectionNav } from '../components/section-nav';
import { publicUser, requireSession } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import accountStyles from '../styles/account.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(accountStyles);

export const meta: MetaFunction = () => [{ title: 'Your account · Tend' }];

const notices: Record<string, string> = {
  'password-reset': "Your new password is saved and you're signed in.",
  switched: 'You switched accounts.',
  'account-ended': 'That account was signed out elsewhere, so it has been removed from this browser.',
};

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { user } = await requireSession(api, args.request);
  const notice = notices[new URL(args.request.url).searchParams.get('notice') ?? ''] ?? null;
  return data({ user: publicUser(user), notice }, { headers: api.headers });
}

const sections = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/email', label: 'Email' },
  { to: '/account/password', label: 'Password' },
  { to: '/account/security', label: 'Security' },
  { to: '/account/sessions', label: 'Devices' },
  { to: '/account/activity', label: 'Recent activity' },
  { to: '/account/api-keys', label: 'API keys' },
  { to: '/account/linked-accounts', label: 'Linked accounts' },
  { to: '/account/connected-apps', label: 'Connected apps' },
  { to: '/account/developer-apps', label: 'Developer apps' },
  { to: '/account/delete', label: 'Delete account' },
];

export default function Account() {
  const { user, notice } = useLoaderData<typeof loader>();
  return (
    <div className="account">
      <div className="account__intro">
        <Avatar name={user.name} image={user.image} />
        <div>
          <h1>Hello, {user.name}</h1>
          <p className="muted">{user.emailIsPlaceholder ? 'No email address yet' : user.email}</p>
        </div>
      </div>
      {notice ? (
        <div className="account__notice">
          <Notice>{notice}</Notice>
        </div>
      ) : null}
      <SectionNav label="Account settings" sections={sections} />
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
