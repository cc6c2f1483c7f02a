// The "Passkeys" section of the Security page: add a passkey (the browser creates it, so this
// needs JavaScript; without it the button explains), the list with Rename and Delete (plain forms).
import { Form, Link, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ActionResult } from '../../lib/actions';
import type { FormErrors } from '../../lib/errors';
import { formatLocal, formatUtc } from '../../lib/format';
import { Field, FormAlert, LocalTime, Notice, SubmitButton, useHydrated, useResetAfter } from '../forms';
import { registerPasskey } from './ceremony';

export interface PasskeyItem {
  id: string;
  name: string | null;
  createdAt: string;
  backedUp: boolean;
}

interface Props {
  passkeys: PasskeyItem[];
  /** The list could not be loaded. */
  error: string | null;
  /** The answer of the page's action, when it was one of these forms'. */
  result?: ActionResult;
  /** The passkey being renamed (`?rename=<id>`). */
  renaming: string | null;
  /** This page's path, for the Rename and Cancel links. */
  path: string;
}

const confirmations: Record<string, (name: string) => string> = {
  added: (name) => `Passkey “${name}” added. You can now sign in with it, no password needed.`,
  renamed: (name) => `Passkey renamed to “${name}”.`,
  deleted: (name) => `Passkey “${name}” deleted. It can no longer be used to sign in.`,
};

const label = (passkey: PasskeyItem) => passkey.name ?? 'Unnamed passkey';

export function PasskeysSection({ passkeys, error, result, renaming, path }: Props) {
  const ours = result?.intent?.startsWith('passkey-') ? result : undefined;
  const confirmation = ours?.done && ours.detail ? confirmations[ours.done]?.(ours.detail) : undefined;
  const listErrors = ours?.intent && ours.intent !== 'passkey-add' ? ours.errors : undefined;
  // Adding, renaming or deleting takes away the control that had the focus (the prompt's button,
  // the rename form, the row): the focus goes to the confirmation, which is read out, not to the page.
  const confirmed = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmation) confirmed.current?.focus();
  }, [ours, confirmation]);
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <div className="card__header">
        <h2 id="passkeys-title">Passkeys</h2>
        <p className="muted">
          A passkey lets you sign in with your fingerprint, face, screen lock or a security key instead of your password. It stays on your
          device and can't be phished or leaked.
        </p>
      </div>
      {confirmation ? (
        <div tabIndex={-1} ref={confirmed}>
          <Notice>{confirmation}</Notice>
        </div>
      ) : null}
      <AddPasskey result={ours?.intent === 'passkey-add' ? ours : undefined} />

      <hr className="divider" />
      {error ? (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      ) : null}
      {listErrors ? (
        <div role="alert" className="alert alert--error">
          <p>{listErrors.form ?? 'Please check the highlighted field.'}</p>
        </div>
      ) : null}
      {passkeys.length ? (
        <ul className="passkeys" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} renaming={renaming === passkey.id} path={path} errors={ours?.intent === `passkey-rename:${passkey.id}` ? ours.errors : undefined} />
          ))}
        </ul>
      ) : error ? null : (
        <p className="muted">You don't have any passkeys yet.</p>
      )}
    </section>
  );
}

function AddPasskey({ result }: { result?: ActionResult }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [pending, setPending] = useState(false);
  const [local, setLocal] = useState<FormErrors | undefined>();
  const form = useResetAfter(result);
  const errors = local ?? result?.errors;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const target = event.currentTarget;
    const data = new FormData(target);
    // The name is checked by the server too; the browser's passkey prompt comes only after a good one.
    if (!String(data.get('passkeyName') ?? '').trim()) return;
    event.preventDefault();
    setLocal(undefined);
    setPending(true);
    const created = await registerPasskey();
    setPending(false);
    if (!created.ok) {
      if (created.message) setLocal({ form: created.message, fields: {} });
      return;
    }
    data.set('intent', 'passkey-add');
    data.set('response', created.response);
    submit(data, { method: 'post' });
  }

  return (
    <Form method="post" className="form passkey-form" ref={form} onSubmit={onSubmit}>
      <FormAlert errors={errors} />
      <Field
        label="Passkey name"
        name="passkeyName"
        hint="A name to recognise it by, like “Laptop” or “Phone”."
        defaultValue={result && !result.done ? result.values?.passkeyName : undefined}
        error={errors?.fields.passkeyName}
        spellCheck={false}
      />
      <div className="passkey-form__actions">
        {pending ? (
          <button type="button" className="button button--primary" disabled aria-busy="true">
            <span className="spinner" aria-hidden="true" /> Waiting for your passkey…
          </button>
        ) : (
          <SubmitButton intent="passkey-add" pendingText="Adding…">
            Add a passkey
          </SubmitButton>
        )}
      </div>
      {hydrated ? null : (
        <p className="hint" id="passkey-needs-javascript">
          Adding a passkey needs JavaScript in your browser.
        </p>
      )}
    </Form>
  );
}

function PasskeyRow({ passkey, renaming, path, errors }: { passkey: PasskeyItem; renaming: boolean; path: string; errors?: FormErrors }) {
  const titleId = `passkey-${passkey.id}-name`;
  return (
    <li className="passkey" aria-labelledby={titleId}>
      <div className="passkey__body">
        <h3 id={titleId} className="passkey__name">
          {label(passkey)}
        </h3>
        <dl className="facts">
          <dt>Added</dt>
          <dd>
            <LocalTime iso={passkey.createdAt} utc={formatUtc(passkey.createdAt)} local={formatLocal} />
          </dd>
          <dt>Synced</dt>
          <dd>{passkey.backedUp ? 'Yes, across your devices' : 'No, this device only'}</dd>
        </dl>
        {renaming || errors ? (
          <Form method="post" className="form passkey__rename">
            <input type="hidden" name="currentName" value={label(passkey)} />
            <Field label="New name" name="newName" defaultValue={passkey.name ?? ''} error={errors?.fields.newName} autoFocus spellCheck={false} />
            <div className="passkey__actions">
              <SubmitButton intent={`passkey-rename:${passkey.id}`} pendingText="Saving…">
                Save
              </SubmitButton>
              <Link to={path} className="button button--quiet" preventScrollReset>
                Cancel
              </Link>
            </div>
          </Form>
        ) : null}
      </div>
      {renaming || errors ? null : (
        <div className="passkey__actions">
          <Form method="get" preventScrollReset>
            <input type="hidden" name="rename" value={passkey.id} />
            <button type="submit" className="button button--secondary" aria-describedby={titleId}>
              Rename
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="currentName" value={label(passkey)} />
            <button type="submit" name="intent" value={`passkey-delete:${passkey.id}`} className="button button--danger" aria-describedby={titleId}>
              Delete
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}
