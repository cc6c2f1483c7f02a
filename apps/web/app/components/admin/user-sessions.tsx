import { Form } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { formatLocal } from '../../lib/format';
import { FormAlert, LocalTime, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import type { SessionView } from './model';

interface Props {
  name: string;
  sessions: SessionView[];
  /** The viewer's own session when this is their own page: it is marked and cannot be revoked here. */
  currentSessionId: string | null;
  problem: string | null;
  result?: ActionResult;
  back: string;
}

/** A user's live sessions: device, IP, created, expires; revoke one or all. */
export function UserSessions({ name, sessions, currentSessionId, problem, result, back }: Props) {
  const revocable = sessions.filter((s) => s.id !== currentSessionId);
  return (
    <section className="card admin-card" aria-labelledby="sessions-title">
      <div className="card__header">
        <h2 id="sessions-title">Sessions</h2>
        <p className="muted">Where {name} is signed in right now. Revoking a session signs that device out at once.</p>
      </div>
      {result?.done === 'session-revoked' ? <Notice>{result.detail ? `${result.detail} has been signed out.` : 'That session has been revoked.'}</Notice> : null}
      {result?.done === 'sessions-revoked' ? <Notice>{name} has been signed out everywhere.</Notice> : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      {problem ? (
        <div role="alert" className="alert alert--error">
          <p>{problem}</p>
        </div>
      ) : sessions.length === 0 ? (
        <p className="muted">{name} isn't signed in anywhere.</p>
      ) : (
        <ul className="sessions" aria-label={`Sessions of ${name}`}>
          {sessions.map((s) => (
            <li key={s.id} className={s.id === currentSessionId ? 'session session--current' : 'session'}>
              <div>
                <h3>
                  {s.device}
                  {s.id === currentSessionId ? <span className="badge badge--current">This device</span> : null}
                  {s.impersonated ? <span className="badge badge--wait">Impersonation</span> : null}
                </h3>
                <dl className="facts">
                  <dt>IP address</dt>
                  <dd>{s.ipAddress}</dd>
                  <dt>Created</dt>
                  <dd>
                    <LocalTime iso={s.createdAt} utc={s.createdUtc} local={formatLocal} />
                  </dd>
                  <dt>Expires</dt>
                  <dd>
                    <LocalTime iso={s.expiresAt} utc={s.expiresUtc} local={formatLocal} />
                  </dd>
                </dl>
                {s.userAgent ? <p className="session__agent">{s.userAgent}</p> : null}
              </div>
              {s.id === currentSessionId ? null : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="sessionId" value={s.id} />
                  <SubmitButton intent={`revoke-session:${s.id}`} pendingText="Revoking…" variant="secondary">
                    <span>
                      Revoke<span className="visually-hidden"> the session on {s.device}</span>
                    </span>
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {revocable.length > 0 && !currentSessionId ? (
        <Form method="post" preventScrollReset>
          <SubmitButton intent="revoke-all" pendingText="Revoking…" variant="secondary">
            Revoke all sessions
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
