import { Form } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton, useResetAfter } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { TextField } from './fields';
import type { TeamView } from './model';

interface TeamsProps {
  teams: TeamView[];
  canManage: boolean;
  /** The answer of a rename or remove. */
  result?: ActionResult;
  /** The answer of the create form. */
  createResult?: ActionResult;
  back: string;
}

/** The organization's teams: owners and admins create, rename and remove them. */
export function TeamsSection({ teams, canManage, result, createResult, back }: TeamsProps) {
  const createForm = useResetAfter(createResult);
  const createErrors = createResult?.errors;
  return (
    <section className="card" aria-labelledby="teams-title">
      <div className="card__header">
        <h2 id="teams-title">Teams</h2>
        <p className="muted">Smaller groups inside the organization.</p>
      </div>
      {result?.done ? <Notice>{result.detail}</Notice> : null}
      <FormAlert errors={result?.errors}>
        <FreshSignInLink errors={result?.errors} back={back} />
      </FormAlert>
      {teams.length === 0 ? <p className="muted">There are no teams yet.</p> : null}
      {teams.length > 0 ? (
        <ul className="org-list" aria-labelledby="teams-title">
          {teams.map((team) => (
            <li key={team.id} className="org-item org-item--team">
              <h3>{team.name}</h3>
              {canManage ? (
                <div className="team-actions">
                  <Form method="post" className="team-rename" key={team.name}>
                    <input type="hidden" name="teamId" value={team.id} />
                    <TextField id={`team-name-${team.id}`} name="teamName" label={`New name for ${team.name}`} hiddenLabel defaultValue={team.name} />
                    <SubmitButton intent={`rename-team:${team.id}`} pendingText="Saving…" variant="secondary">
                      <span>
                        Rename<span className="visually-hidden"> {team.name}</span>
                      </span>
                    </SubmitButton>
                  </Form>
                  {team.removable ? (
                    <Form method="post">
                      <input type="hidden" name="teamId" value={team.id} />
                      <input type="hidden" name="teamName" value={team.name} />
                      <SubmitButton intent={`remove-team:${team.id}`} pendingText="Removing…" variant="quiet">
                        <span>
                          Remove team<span className="visually-hidden"> {team.name}</span>
                        </span>
                      </SubmitButton>
                    </Form>
                  ) : (
                    <p className="muted small team-keep">{team.keepReason}</p>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canManage ? (
        <Form method="post" noValidate className="form team-create" ref={createForm}>
          <FormAlert errors={createErrors}>
            <FreshSignInLink errors={createErrors} back={back} />
          </FormAlert>
          {createResult?.done ? <Notice>{createResult.detail}</Notice> : null}
          <div className="inline-fields">
            <TextField id="team-create-name" name="teamName" label="Team name" defaultValue={createResult?.done ? '' : createResult?.values?.teamName} error={createErrors?.fields.teamName} />
            <SubmitButton intent="create-team" pendingText="Creating…" variant="secondary">
              Create team
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
