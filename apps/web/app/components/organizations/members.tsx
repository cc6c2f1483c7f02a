import { Form } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { RoleSelect } from './fields';
import type { Abilities, MemberView } from './model';

interface MembersProps {
  members: MemberView[];
  can: Abilities;
  /** The action's answer, when this section's form sent it. */
  result?: ActionResult;
  back: string;
}

/** The members table: name, email, role; owners and admins change roles and remove members. */
export function MembersSection({ members, can, result, back }: MembersProps) {
  const actions = members.some((m) => m.manageable);
  return (
    <section className="card" aria-labelledby="members-title">
      <div className="card__header">
        <h2 id="members-title">Members</h2>
        <p className="muted">
          {can.manageMembers
            ? 'Owners can do everything. Admins can do everything but delete the organization. Members take part without managing.'
            : 'Owners and admins look after the members.'}
        </p>
      </div>
      {result?.done === 'role-saved' ? <Notice>{result.detail}</Notice> : null}
      {result?.done === 'member-removed' ? <Notice>{result.detail}</Notice> : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      <div className="table-scroll" role="region" aria-label="Members table" tabIndex={0}>
        {/* Explicit roles: on small screens the rows are laid out as blocks, which may drop implicit table semantics. */}
        <table className="org-table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Name</th>
              <th scope="col" role="columnheader">Email</th>
              <th scope="col" role="columnheader">Role</th>
              {actions ? (
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {members.map((member) => (
              <tr key={member.id} role="row">
                <th scope="row" role="rowheader" className="org-table__name">
                  {member.name}
                  {member.isMe ? <span className="badge badge--current">You</span> : null}
                </th>
                <td role="cell" className="org-table__email">{member.email}</td>
                <td role="cell" className="org-table__role">
                  {member.manageable ? (
                    <Form method="post" className="role-form" key={`${member.id}:${member.role}`}>
                      <input type="hidden" name="memberId" value={member.id} />
                      <input type="hidden" name="memberName" value={member.name} />
                      <RoleSelect id={`role-${member.id}`} label={`Role of ${member.name}`} hiddenLabel defaultValue={member.role} allowOwner={can.manageOwners} />
                      <SubmitButton intent={`save-role:${member.id}`} pendingText="Saving…" variant="secondary">
                        <span>
                          Save role<span className="visually-hidden"> of {member.name}</span>
                        </span>
                      </SubmitButton>
                    </Form>
                  ) : (
                    member.roleLabel
                  )}
                </td>
                {actions ? (
                  <td role="cell" className="org-table__actions">
                    {member.manageable ? (
                      <Form method="post">
                        <input type="hidden" name="memberId" value={member.id} />
                        <input type="hidden" name="memberName" value={member.name} />
                        <SubmitButton intent={`remove-member:${member.id}`} pendingText="Removing…" variant="quiet">
                          <span>
                            Remove<span className="visually-hidden"> {member.name}</span>
                          </span>
                        </SubmitButton>
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
