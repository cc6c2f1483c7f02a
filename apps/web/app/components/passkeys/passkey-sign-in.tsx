// "Sign in with a passkey" on the sign-in page, and passkeys offered in the email field's
// autofill where the browser supports it (conditional mediation). The browser's answer goes to
// the page's action, which has the gateway verify it and starts the session.
import { Form, useSubmit } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ActionResult } from '../../lib/actions';
import type { FormErrors } from '../../lib/errors';
import { FormAlert, SubmitButton, useHydrated } from '../forms';
import { authenticateWithPasskey, cancelCeremony } from './ceremony';

const INTENT = 'passkey-sign-in';

export function PasskeySignIn({ redirectTo, result }: { redirectTo: string; result?: ActionResult }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [pending, setPending] = useState(false);
  const [local, setLocal] = useState<FormErrors | undefined>();
  const errors = local ?? (result?.intent === INTENT ? result.errors : undefined);

  const send = (response: string) => submit({ intent: INTENT, redirectTo, response }, { method: 'post' });

  // Passkeys in the email field's suggestions: the request waits until one is picked.
  useEffect(() => {
    let live = true;
    void authenticateWithPasskey(true).then((answer) => {
      if (live && answer.ok) send(answer.response);
    });
    return () => {
      live = false;
      cancelCeremony();
    };
    // Once per visit of the page (send is stable enough: it submits this page).
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLocal(undefined);
    setPending(true);
    const answer = await authenticateWithPasskey();
    setPending(false);
    if (answer.ok) send(answer.response);
    else if (answer.message) setLocal({ form: answer.message, fields: {} });
  }

  return (
    <Form method="post" className="passkey-sign-in" onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert errors={errors} />
      {pending ? (
        <button type="button" className="button button--secondary" disabled aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Waiting for your passkey…
        </button>
      ) : (
        <SubmitButton intent={INTENT} pendingText="Signing in…" variant="secondary">
          Sign in with a passkey
        </SubmitButton>
      )}
      {hydrated ? null : <p className="hint">Signing in with a passkey needs JavaScript in your browser.</p>}
    </Form>
  );
}
