// The Roles page's parts: the organization's roles with what each grants (the built-in owner,
// admin and member, then its own), Edit and Delete for its own, and the Create role / Edit form
// with one checkbox per resource and action. Every action is a plain form post.
import { Form, Link } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton, useResetAfter } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { TextField } from './fields';
import { grants, RESOURCE_LABELS, roleLabel, STATEMENTS, type Permission, type Resource } from './model';

/** A role as the Roles page shows it. */
export interface RoleView {
  /** null for a built-in role. */
  id: string | null;
  name: string;
  permission: Permission;
  builtIn: boolean;
  createdAt: string | null;
}

const resources = Object.keys(STATEMENTS) as Resource[];

/** What a role grants, resource by resource, in words. */
function Grants({ permission }: { permission: Permission }) {
  const granted = resources.filter((resource) => (permission[resource] ?? []).length > 0);
  if (granted.length === 0) return <p className="muted small">Grants nothing yet.</p>;
  return (
    <dl className="role-grants">
      {granted.map((resource) => (
        <div key={resource} className="role-grants__row">
          <dt>{RESOURCE_LABELS[resource]}</dt>
          <dd>{(permission[resource] ?? []).join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}

interface RolesListProps {
  roles: RoleView[];
  canEdit: boolean;
  canDelete: boolean;
  path: string;
  /** The answer of a Delete. */
  result?: ActionResult;
  saved: string | null;
  back: string;
}

/** Every role of the organization, with what it grants. */
export function RolesSection({ roles, canEdit, canDelete, path, result, saved, back }: RolesListProps) {
  return (
    <section className="card" aria-labelledby="roles-title">
      <div className="card__header">
        <h2 id="roles-title">Roles</h2>
        <p className="muted">What each role lets its members do. Owner, admin and member are built in; the organization's own roles grant exactly what they list.</p>
      </div>
      {saved ? <Notice>The role {saved} is saved.</Notice> : null}
      {result?.done ? <Notice>{result.detail}</Notice> : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      <ul className="org-list" aria-labelledby="roles-title">
        {roles.map((role) => {
          const titleId = `role-${role.id ?? role.name}-title`;
          return (
            <li key={role.id ?? role.name} className="org-item org-item--role">
              <div className="role-item__body">
                <h3 id={titleId}>
                  {roleLabel(role.name)} {role.builtIn ? <span className="badge">Built in</span> : null}
                </h3>
                <Grants permission={role.permission} />
              </div>
              {role.builtIn || !(canEdit || canDelete) ? null : (
                <div className="button-row">
                  {canEdit ? (
                    <Form method="get" action={path}>
                      <input type="hidden" name="edit" value={role.id ?? ''} />
                      <button type="submit" className="button button--secondary" aria-describedby={titleId}>
                        Edit
                      </button>
                    </Form>
                  ) : null}
                  {canDelete ? (
                    <Form method="post" action={path}>
                      <input type="hidden" name="roleName" value={role.name} />
                      <SubmitButton intent={`delete-role:${role.id}`} pendingText="Deleting…" variant="quiet" describedBy={titleId}>
                        Delete
                      </SubmitButton>
                    </Form>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The checked boxes to show: what was sent (after a refusal), else the role's. */
function checkedFrom(result: ActionResult | undefined, fallback: Permission): Permission {
  const sent = result?.errors ? result.values?.permission : undefined;
  if (!sent) return fallback;
  try {
    return JSON.parse(sent) as Permission;
  } catch {
    return fallback;
  }
}

interface RoleFormProps {
  /** The role being edited; none to create one. */
  editing?: RoleView;
  result?: ActionResult;
  path: string;
  back: string;
}

/** Create role, or Edit one: its name and a checkbox per resource and action. */
export function RoleForm({ editing, result, path, back }: RoleFormProps) {
  const form = useResetAfter(editing ? undefined : result);
  const errors = result?.errors;
  const prefix = editing ? 'role-edit' : 'role-create';
  const checked = checkedFrom(result, editing?.permission ?? {});
  const titleId = `${prefix}-title`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card__header">
        <h2 id={titleId}>{editing ? `Edit role ${roleLabel(editing.name)}` : 'Create role'}</h2>
        <p className="muted">Give it a name, and tick what its members may do. You can grant only what your own role allows.</p>
      </div>
      {!editing && result?.done ? <Notice>{result.detail}</Notice> : null}
      <Form method="post" action={path} noValidate className="form" ref={form} key={`${editing?.id ?? 'new'}:${result?.done ?? ''}`}>
        <FormAlert errors={errors}>
          <FreshSignInLink errors={errors} back={back} />
        </FormAlert>
        {editing ? <input type="hidden" name="previousName" value={editing.name} /> : null}
        <TextField
          id={`${prefix}-name`}
          name="roleName"
          label="Role name"
          hint="Like reviewer or billing. Stored in lowercase; owner, admin and member are taken."
          defaultValue={errors ? result?.values?.roleName : (editing?.name ?? '')}
          error={errors?.fields.roleName}
          spellCheck={false}
        />
        <div className="role-permissions">
          {resources.map((resource) => (
            <fieldset key={resource} className="role-permissions__resource">
              <legend>
                {RESOURCE_LABELS[resource]} <span className="muted small">({resource})</span>
              </legend>
              {STATEMENTS[resource].map((action) => {
                const id = `${prefix}-${resource}-${action}`;
                return (
                  <div key={action} className="checkbox">
                    <input id={id} type="checkbox" name="permission" value={`${resource}:${action}`} defaultChecked={grants(checked, resource, action)} />
                    <label htmlFor={id}>{action}</label>
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        <div className="button-row">
          {editing ? (
            <>
              <SubmitButton intent={`update-role:${editing.id}`} pendingText="Saving…">
                Save role
              </SubmitButton>
              <Link to={back} className="button button--quiet">
                Cancel
              </Link>
            </>
          ) : (
            <SubmitButton intent="create-role" pendingText="Creating…">
              Create role
            </SubmitButton>
          )}
        </div>
      </Form>
    </section>
  );
}
