import { Form } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { formatLocal } from '../../lib/format';
import { FormAlert, LocalTime, Notice, SubmitButton, useResetAfter } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { RoleSelect, TextField } from './fields';
import type { InvitationView } from './model';

/** Invite someone by email, with a role; owners may invite owners. */
export function InviteSection({ allowOwner, extraRoles, result, back }: { allowOwner: boolean; extraRoles?: readonly string[]; result?: ActionResult; back: string }) {
  const form = useResetAfter(result);
  const errors = result?.errors;
  return (
    <section className="card" aria-labelledby="invite-title">
      <div className="card__header">
        <h2 id="invite-title">Invite someone</h2>
        <p className="muted">We'll email them a link. They join once they accept, with the role you choose.</p>
      </div>
      {result?.done === 'invited' ? <Notice>{result.detail}</Notice> : null}
      <Form method="post" noValidate className="form" ref={form}>
        <FormAlert errors={errors}>
          <FreshSignInLink errors={errors} back={back} />
        </FormAlert>
        <div className="form-grid">
          <TextField
            id="invite-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            defaultValue={result?.done ? '' : result?.values?.email}
            error={errors?.fields.email}
          />
          <RoleSelect id="invite-role" label="Role" defaultValue={result?.values?.role ?? 'member'} allowOwner={allowOwner} extraRoles={extraRoles} error={errors?.fields.role} />
        </div>
        <div>
          <SubmitButton intent="invite" pendingText="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** The invitations still waiting for an answer; owners and admins may cancel them. */
export function PendingInvitationsSection({
  invitations,
  canCancel,
  result,
  back,
}: {
  invitations: InvitationView[];
  canCancel: boolean;
  result?: ActionResult;
  back: string;
}) {
  return (
    <section className="card" aria-labelledby="pending-title">
      <div className="card__header">
        <h2 id="pending-title">Pending invitations</h2>
        <p className="muted">Invitations that haven't been answered yet.</p>
      </div>
      {result?.done === 'invitation-canceled' ? <Notice>{result.detail}</Notice> : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      {invitations.length === 0 ? (
        <p className="muted">No invitations are waiting.</p>
      ) : (
        <ul className="org-list" aria-labelledby="pending-title">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="org-item">
              <div>
                <h3 className="org-item__email">{invitation.email}</h3>
                <p className="muted small">
                  As {invitation.roleLabel} · expires <LocalTime iso={invitation.expiresAt} utc={invitation.expiresUtc} local={formatLocal} />
                </p>
              </div>
              {canCancel ? (
                <Form method="post">
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <input type="hidden" name="email" value={invitation.email} />
                  <SubmitButton intent={`cancel-invitation:${invitation.id}`} pendingText="Cancelling…" variant="secondary">
                    <span>
                      Cancel invitation<span className="visually-hidden"> for {invitation.email}</span>
                    </span>
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
