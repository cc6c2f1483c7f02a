import { Form } from '@remix-run/react';
import { SubmitButton } from '../forms';

/** On every page while an administrator is impersonating someone: whose eyes these are, and the way back. */
export function ImpersonationBanner({ name }: { name: string }) {
  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation">
      <div className="impersonation-banner__inner">
        <p className="impersonation-banner__text">
          <span className="impersonation-banner__icon" aria-hidden="true">
            ◐
          </span>{' '}
          <span>
            You are viewing Tend as <strong>{name}</strong>. Everything you do here happens as them.
          </span>
        </p>
        <Form method="post" action="/admin/stop-impersonating" className="inline-form">
          <SubmitButton intent="stop-impersonating" pendingText="Returning…" variant="secondary">
            Stop impersonating
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
