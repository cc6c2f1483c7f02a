import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { LocalTime } from '../components/forms';
import { requireSession } from '../lib/auth.server';
import { call } from '../lib/call.server';
import { describeError } from '../lib/errors';
import { describeDevice, formatLocal, formatUtc } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import sessionsStyles from '../styles/sessions.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(sessionsStyles);

export const meta: MetaFunction = () => [{ title: 'Recent activity · Tend' }];

const PAGE_SIZE = 20;

/** Each security event in words. */
const WORDS: Record<string, string> = {
  'sign-in.success': 'Signed in',
  'sign-in.failure': 'Wrong password',
  'sign-in.challenge': 'Asked for the second step of signing in',
  'password.change': 'Changed the password',
  'password.reset': 'Reset the password',
  'email.change': 'Changed the email address',
  'session.revoke': 'Signed a device out',
  'sessions.revoke-all': 'Signed out everywhere',
  'sessions.revoke-others': 'Signed out of every other device',
  'two-factor.enabled': 'Turned on two-factor authentication',
  'two-factor.disabled': 'Turned off two-factor authentication',
  'two-factor.backup-codes-regenerated': 'Made new backup codes',
  'two-factor.failure': 'Wrong two-factor code',
  'two-factor.locked': 'Two-factor codes paused after wrong answers',
  'two-factor.lockout-cleared': 'An administrator lifted the two-factor pause',
  'two-factor.reset': 'An administrator reset two-factor authentication',
  'passkey.added': 'Added a passkey',
  'passkey.renamed': 'Renamed a passkey',
  'passkey.removed': 'Removed a passkey',
  'account.linked': 'Linked an account',
  'account.unlinked': 'Unlinked an account',
  'account.claimed': 'The email address owner claimed the account',
  'user.ban': 'An administrator suspended the account',
  'user.unban': 'An administrator lifted the suspension',
  'user.password.set': 'An administrator set a password',
  'impersonation.start': 'An administrator signed in as you for support',
};

/** How a sign-in was made, in words. */
const METHODS: Record<string, string> = {
  email: 'with a password',
  username: 'with a username and password',
  passkey: 'with a passkey',
  social: 'with a linked account',
  'id-token': 'with a linked account',
  'magic-link': 'with an emailed link',
  'email-otp': 'with an emailed code',
  sso: 'with single sign-on',
};

function describe(action: string, method: string | null): string {
  const how = method ? METHODS[method] : undefined;
  if (action === 'sign-in.success' && how) return `Signed in ${how}`;
  if (action === 'sign-in.failure' && method && method !== 'email' && method !== 'username') return `Failed sign-in ${how ?? ''}`.trim();
  return WORDS[action] ?? action;
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const page = Math.max(1, Math.min(50_000, Number.parseInt(new URL(args.request.url).searchParams.get('page') ?? '1', 10) || 1));
  const result = await call(api, routes.accountActivity, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (!result.ok) return data({ events: [], page, pages: 1, error: describeError(result.error).form ?? 'Could not load your activity.' }, { headers: api.headers });
  const events = result.data.events.map((event) => ({
    id: event.id,
    what: describe(event.action, event.method),
    at: event.createdAt,
    atUtc: formatUtc(event.createdAt),
    device: describeDevice(event.userAgent),
    place: event.ipAddress || 'Unknown',
  }));
  return data({ events, page, pages: Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)), error: null }, { headers: api.headers });
}

export default function RecentActivity() {
  const { events, page, pages, error } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="activity-title">
      <div className="card__header">
        <h2 id="activity-title">Recent activity</h2>
        <p className="muted">Security events of your account, newest first. If something looks unfamiliar, sign that device out and change your password.</p>
      </div>
      {error ? (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      ) : null}
      {events.length === 0 && !error ? <p className="muted">Nothing yet.</p> : null}
      <ul className="sessions" aria-label="Security events">
        {events.map((event) => (
          <li key={event.id} className="session">
            <div>
              <h3>{event.what}</h3>
              <dl className="facts">
                <dt>When</dt>
                <dd>
                  <LocalTime iso={event.at} utc={event.atUtc} local={formatLocal} />
                </dd>
                <dt>Device</dt>
                <dd>{event.device}</dd>
                <dt>IP address</dt>
                <dd>{event.place}</dd>
              </dl>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Pages of activity" className="button-row">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="button button--secondary">
              Newer
            </Link>
          ) : null}
          <span className="muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className="button button--secondary">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
