import { Form, type FetcherWithComponents } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { SlugFields, TextField } from './fields';

interface Named {
  name: string;
  slug: string;
}

/** Rename the organization or change its slug (owners and admins). */
export function SettingsSection({ organization, result, back }: { organization: Named; result?: ActionResult; back: string }) {
  const errors = result?.errors;
  return (
    <section className="card" aria-labelledby="settings-title">
      <div className="card__header">
        <h2 id="settings-title">Name and slug</h2>
        <p className="muted">How the organization appears to its members.</p>
      </div>
      {result?.done === 'saved' ? <Notice>The organization's details are saved.</Notice> : null}
      <Form method="post" noValidate className="form">
        <FormAlert errors={errors}>
          <FreshSignInLink errors={errors} back={back} />
        </FormAlert>
        <SlugFields
          key={`${organization.name}\n${organization.slug}\n${JSON.stringify(result?.values ?? null)}`}
          idPrefix="settings"
          suggest={false}
          currentSlug={organization.slug}
          defaultName={result?.values?.name ?? organization.name}
          defaultSlug={result?.values?.slug ?? organization.slug}
          errors={errors?.fields}
        />
        <div>
          <SubmitButton intent="update" pendingText="Saving…">
            Save changes
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/**
 * Leave the organization (any member but its only owner, who is told what to do instead). `via`: a
 * fetcher to post with, where the page that shows the section is not the route that answers (the
 * two-factor refusal, shown by the area's frame); its answer is the section's result.
 */
export function LeaveSection({
  organizationName,
  soleOwner,
  result,
  back,
  via,
  action,
}: {
  organizationName: string;
  soleOwner: boolean;
  result?: ActionResult;
  back: string;
  via?: FetcherWithComponents<ActionResult>;
  /** Where the form posts (default: the page's own route). */
  action?: string;
}) {
  const LeaveForm = via?.Form ?? Form;
  result ??= via?.data;
  return (
    <section className="card" aria-labelledby="leave-title">
      <div className="card__header">
        <h2 id="leave-title">Leave</h2>
        <p className="muted">
          {soleOwner
            ? "You're the only owner, so you can't leave yet. Make another member an owner first, or delete the organization."
            : `You'll stop being a member of ${organizationName}. To come back, someone will need to invite you again.`}
        </p>
      </div>
      {soleOwner ? null : (
        <LeaveForm method="post" action={action} className="form">
          <FormAlert errors={result?.errors}>
            <FreshSignInLink errors={result?.errors} back={back} />
          </FormAlert>
          <div>
            <SubmitButton intent="leave" pendingText="Leaving…" variant="secondary">
              Leave organization
            </SubmitButton>
          </div>
        </LeaveForm>
      )}
    </section>
  );
}

/** Delete the organization for good (owners only), confirmed by typing its name. */
export function DeleteSection({ organizationName, result, back }: { organizationName: string; result?: ActionResult; back: string }) {
  const errors = result?.errors;
  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <div className="card__header">
        <h2 id="delete-title">Delete organization</h2>
        <p className="muted">
          This removes {organizationName} for everyone: its members, teams and invitations. It can't be undone.
        </p>
      </div>
      <Form method="post" noValidate className="form">
        <FormAlert errors={errors}>
          <FreshSignInLink errors={errors} back={back} />
        </FormAlert>
        <TextField
          id="delete-confirm"
          name="confirmName"
          label="Type the organization's name to confirm"
          hint={
            <>
              Type <strong className="org-confirm-name">{organizationName}</strong> exactly as it appears.
            </>
          }
          error={errors?.fields.confirmName}
          spellCheck={false}
        />
        <div>
          <SubmitButton intent="delete" pendingText="Deleting…" variant="danger">
            Delete organization
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
