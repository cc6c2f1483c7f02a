import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { FormAlert, LocalTime, Notice, SubmitButton } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession, type Session } from '../lib/auth.server';
import { call } from '../lib/call.server';
import { describeError } from '../lib/errors';
import { text } from '../lib/forms';
import { describeDevice, formatLocal, formatUtc } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import sessionsStyles from '../styles/sessions.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(sessionsStyles);

export const meta: MetaFunction = () => [{ title: 'Devices · Tend' }];

/** A session as the page shows it: tokens stay on the server, revoking goes by id. */
function row(session: Session, currentId: string) {
  return {
    id: session.id,
    current: session.id === currentId,
    device: describeDevice(session.userAgent),
    userAgent: session.userAgent ?? '',
    ipAddress: session.ipAddress || 'Unknown',
    createdAt: session.createdAt,
    createdUtc: formatUtc(session.createdAt),
    lastActive: session.updatedAt,
    lastActiveUtc: formatUtc(session.updatedAt),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { session } = await requireSession(api, args.request);
  const result = await call(api, routes.listSessions);
  if (!result.ok) return data({ sessions: [], error: describeError(result.error).form ?? null }, { headers: api.headers });
  const sessions = (result.data ?? [])
    .map((s) => row(s, session.id))
    .sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastActive) - Date.parse(a.lastActive));
  return data({ sessions, error: null }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  const { session } = await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');

  if (intent === 'revoke-others') {
    const result = await call(api, routes.revokeOtherSessions);
    if (!result.ok) return data<ActionResult>({ errors: describeError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
    return data<ActionResult>({ done: 'revoked-others' }, { headers: api.headers });
  }

  const id = text(form, 'sessionId');
  if (!id || id === session.id) {
    return data<ActionResult>({ errors: { fields: {}, form: 'To end the session on this device, please sign out.' } }, { status: 400, headers: api.headers });
  }
  // The page knows sessions by id only; find the token here, on the server.
  const list = await call(api, routes.listSessions);
  if (!list.ok) return data<ActionResult>({ errors: describeError(list.error) }, { status: failureStatus(list.status), headers: api.headers });
  const target = list.data.find((s) => s.id === id);
  if (!target) return data<ActionResult>({ done: 'revoked' }, { headers: api.headers });
  const result = await call(api, routes.revokeSession, { token: target.token });
  if (!result.ok) return data<ActionResult>({ errors: describeError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
  return data<ActionResult>({ done: 'revoked', detail: describeDevice(target.userAgent) }, { headers: api.headers });
}

export default function Sessions() {
  const { sessions, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="card__header">
        <h2 id="sessions-title">Devices</h2>
        <p className="muted">Where you're signed in right now. If something looks unfamiliar, sign it out and change your password.</p>
      </div>
      {result?.done === 'revoked' ? <Notice>{result.detail ? `${result.detail} has been signed out.` : 'That device has been signed out.'}</Notice> : null}
      {result?.done === 'revoked-others' ? <Notice>All your other devices have been signed out.</Notice> : null}
      {error ? (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      ) : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back="/account/sessions" />
      </FormAlert>
      <ul className="sessions" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <li key={s.id} className={s.current ? 'session session--current' : 'session'}>
            <div>
              <h3>
                {s.device}
                {s.current ? <span className="badge badge--current">This device</span> : null}
              </h3>
              <dl className="facts">
                <dt>IP address</dt>
                <dd>{s.ipAddress}</dd>
                <dt>Signed in</dt>
                <dd>
                  <LocalTime iso={s.createdAt} utc={s.createdUtc} local={formatLocal} />
                </dd>
                <dt>Last active</dt>
                <dd>
                  <LocalTime iso={s.lastActive} utc={s.lastActiveUtc} local={formatLocal} />
                </dd>
              </dl>
              {s.userAgent ? <p className="session__agent">{s.userAgent}</p> : null}
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={s.id} />
                <SubmitButton intent={`revoke:${s.id}`} pendingText="Signing out…" variant="secondary">
                  <span>
                    Sign out<span className="visually-hidden"> {s.device}</span>
                  </span>
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <SubmitButton intent="revoke-others" pendingText="Signing out…" variant="secondary">
            Sign out all other devices
          </SubmitButton>
        </Form>
      ) : (
        <p className="muted">You're only signed in on this device.</p>
      )}
    </section>
  );
}
