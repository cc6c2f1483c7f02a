// What an administrator can do to one user, one small card each: ban or unban, change the role,
// impersonate, set a password, and remove the user (after a confirmation step).
import { Form, Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { ActionResult } from '../../lib/actions';
import { formatLocal } from '../../lib/format';
import { Field, FormAlert, LocalTime, Notice, SubmitButton, useResetAfter } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { SelectField } from './fields';
import { BAN_DURATIONS, ROLE_CHOICES, type UserView } from './model';

interface SectionProps {
  user: UserView;
  /** The action's answer, when this card's form sent it. */
  result?: ActionResult;
  back: string;
}

function Errors({ result, back }: { result?: ActionResult; back: string }) {
  return (
    <FormAlert errors={result?.errors}>
      <FreshSignInLink errors={result?.errors} back={back} />
    </FormAlert>
  );
}

/** Ban (with a reason and a duration) or, for a banned user, unban. */
export function BanSection({ user, result, back }: SectionProps) {
  const values = result?.values ?? {};
  return (
    <section className="card admin-card" aria-labelledby="ban-title">
      <h2 id="ban-title">Access</h2>
      {result?.done === 'banned' ? <Notice>{user.name} is banned and has been signed out everywhere.</Notice> : null}
      {result?.done === 'unbanned' ? <Notice>{user.name} can sign in again.</Notice> : null}
      {user.banned ? (
        <>
          <p>
            <span className="badge badge--banned">Banned</span>{' '}
            {user.banExpires && user.banExpiresUtc ? (
              <>
                until <LocalTime iso={user.banExpires} utc={user.banExpiresUtc} local={formatLocal} />
              </>
            ) : (
              'until unbanned'
            )}
          </p>
          <p className="muted small">Reason: {user.banReason || 'No reason given'}</p>
          <Form method="post" className="form" preventScrollReset>
            <Errors result={result} back={back} />
            <div>
              <SubmitButton intent="unban" pendingText="Unbanning…" variant="secondary">
                Unban
              </SubmitButton>
            </div>
          </Form>
        </>
      ) : (
        <Form method="post" noValidate className="form" preventScrollReset>
          <p className="muted small">A banned person is signed out everywhere and can't sign in until the ban ends.</p>
          <Errors result={result} back={back} />
          <Field label="Reason" name="banReason" optional defaultValue={values.banReason} error={result?.errors?.fields.banReason} hint="For administrators; kept in the audit log." />
          <SelectField id="ban-duration" name="banDuration" label="Duration" choices={BAN_DURATIONS} defaultValue={values.banDuration ?? '7d'} error={result?.errors?.fields.banDuration} />
          <div>
            <SubmitButton intent="ban" pendingText="Banning…" variant="danger">
              Ban
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The user's role: user or admin. */
export function RoleSection({ user, result, back }: SectionProps) {
  return (
    <section className="card admin-card" aria-labelledby="role-title">
      <h2 id="role-title">Role</h2>
      {result?.done === 'role-saved' ? <Notice>{user.name} is now {user.isAdmin ? 'an admin' : 'a user'}.</Notice> : null}
      <Form method="post" className="form" preventScrollReset key={user.role}>
        <p className="muted small">Admins can open this console and manage every account.</p>
        <Errors result={result} back={back} />
        <SelectField id="role-select" name="role" label="Role" choices={ROLE_CHOICES} defaultValue={user.isAdmin ? 'admin' : 'user'} />
        <div>
          <SubmitButton intent="set-role" pendingText="Saving…" variant="secondary">
            Save role
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** See Tend as this user: the session becomes theirs until Stop impersonating. */
export function ImpersonateSection({ user, result, back }: SectionProps) {
  return (
    <section className="card admin-card" aria-labelledby="impersonate-title">
      <h2 id="impersonate-title">Impersonate</h2>
      <Form method="post" className="form" preventScrollReset>
        <p className="muted small">
          See Tend exactly as {user.name} does, for up to an hour. Everything you do happens as them and is kept in the audit log.
        </p>
        <Errors result={result} back={back} />
        <div>
          <SubmitButton intent="impersonate" pendingText="Switching…" variant="secondary">
            Impersonate
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** A new password for the user; they are signed out everywhere. */
export function PasswordSection({ user, result, back }: SectionProps) {
  const formRef = useResetAfter(result);
  return (
    <section className="card admin-card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {result?.done === 'password-set' ? <Notice>The new password is set, and {user.name} has been signed out everywhere.</Notice> : null}
      <Form method="post" noValidate className="form" ref={formRef} preventScrollReset>
        <p className="muted small">Tell {user.name} the new password in a safe way; they can change it afterwards.</p>
        <Errors result={result} back={back} />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={result?.errors?.fields.newPassword} hint="At least 8 characters." />
        <div>
          <SubmitButton intent="set-password" pendingText="Saving…" variant="secondary">
            Set password
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** Remove the user for good: a first button asks, a second one (in the same place) does it. */
export function RemoveSection({ user, result, back, confirming }: SectionProps & { confirming: boolean }) {
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return (
    <section className="card admin-card danger-zone" aria-labelledby="remove-title" id="remove">
      <h2 id="remove-title">Remove user</h2>
      <p className="muted small">Removes {user.name}'s account, sessions and memberships. The audit log keeps what happened.</p>
      <Errors result={result} back={back} />
      {confirming ? (
        <div className="admin-confirm" ref={confirmRef} tabIndex={-1} role="group" aria-labelledby="remove-confirm-title">
          <p id="remove-confirm-title" className="admin-confirm__title">
            Remove {user.name} ({user.email}) for good?
          </p>
          <p>This can't be undone.</p>
          <div className="button-row">
            <Form method="post" preventScrollReset>
              <SubmitButton intent="remove" pendingText="Removing…" variant="danger">
                <span>Yes, remove {user.name}</span>
              </SubmitButton>
            </Form>
            <Link to={back} className="button button--secondary" preventScrollReset>
              Cancel
            </Link>
          </div>
        </div>
      ) : (
        <Form method="get" preventScrollReset>
          <input type="hidden" name="confirm" value="remove" />
          <button type="submit" className="button button--danger">
            Remove user
          </button>
        </Form>
      )}
    </section>
  );
}
